"""The window's Record dialog: the run in force to a video, with progress and cancel.

The recording runs in a child process, ``memviz record … --progress`` (``python -m memviz`` from a
source install, the bundle's own executable when frozen): it renders offscreen with its own fonts
and sizes, so the dialog's video equals the command line's, and the window stays responsive. The
dialog reads the child's "frame N/TOTAL" lines for its progress bar and the last line for the file.
"""

from __future__ import annotations

import sys
from pathlib import Path

from memviz import stopping
from memviz.core.replay import what_if_text
from memviz.core.strategies import uses_memory
from memviz.gui.kit.language import Language
from memviz.gui.qt import (
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QProcess,
    QProcessEnvironment,
    QProgressBar,
    QPushButton,
    QSpinBox,
    Qt,
    QVBoxLayout,
    QWidget,
)
from memviz.models.settings import RunSettings
from memviz.options import setting_args
from memviz.outfile import TEMPORARY_PREFIX
from memviz.record.plan import (
    DEFAULT_FPS,
    DEFAULT_STEP_SECONDS,
    GIF_RATES,
    PARTIAL_PREFIX,
    PROGRESS_PREFIX,
    check_settings,
    output_format,
)
from memviz.wording import traces as trace_words
from memviz.wording import window as window_words

SIZES = ((1920, 1080), (1280, 720), (960, 540))


def record_command(
    settings: RunSettings,
    out: Path,
    lang: str,
    steps: int | None,
    size: tuple[int, int],
    fps: int | None,
    view: str,
    step_seconds: float,
    theme: str = "light",
    force: bool = False,
) -> list[str]:
    """The ``memviz record`` command line that records these settings, runnable from this process."""
    config = settings.config
    args = ["--out", str(out), "--strategy", config.strategy, "--seed", str(config.seed)]
    args += ["--capacity", "unlimited" if config.capacity is None else str(config.capacity)]
    args += ["--policy", config.policy, "--budget", str(config.budget), *setting_args(config)]
    if settings.site_path is not None:
        args += ["--site", str(settings.site_path)]
    if settings.recorded is not None and settings.recorded.file is not None:  # that replay, not a new run
        args += ["--trace", settings.recorded.file]
    if steps is not None:
        args += ["--steps", str(steps)]
    args += ["--size", f"{size[0]}x{size[1]}", "--view", view, "--lang", lang]
    if fps is not None:
        args += ["--fps", str(fps)]
    args += ["--step-seconds", f"{step_seconds:g}", "--theme", theme]
    if force:
        args.append("--force")
    args.append("--progress")
    if getattr(sys, "frozen", False):  # the bundle: its executable is the memviz command
        executable = Path(sys.executable)
        console = executable.with_name("memviz-cli.exe")  # Windows: the window's exe has no stdout
        return [str(console if console.exists() else executable), "record", *args]
    return [sys.executable, "-m", "memviz", "record", *args]


class RecordDialog(QDialog):
    """Record the run in force to a video, with progress and cancel; the recording runs offscreen."""

    def __init__(self, settings: RunSettings, language: Language, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("record_dialog")
        self.settings = settings
        self.language = language
        self.process: QProcess | None = None
        self._child_pid = 0
        self.result_path: Path | None = None
        self._stderr = ""
        self._stdout = ""  # a line the child has not finished yet
        self._partial: Path | None = None  # the child's own temporary file
        self._cancelling = False

        self.run_label = QLabel()
        self.run_label.setObjectName("record_run")
        self.run_label.setWordWrap(True)
        self.out_edit = QLineEdit(str(Path.home() / "memviz.mp4"))
        self.browse_button = QPushButton()
        self.browse_button.clicked.connect(self._on_browse)
        out_row = QHBoxLayout()
        out_row.addWidget(self.out_edit, 1)
        out_row.addWidget(self.browse_button)
        self.size_box = QComboBox()
        for width, height in SIZES:
            self.size_box.addItem(f"{width} × {height}", (width, height))
        self.fps_box = QSpinBox()
        self.fps_box.setRange(1, 60)
        self.fps_box.setValue(DEFAULT_FPS["mp4"])
        self.step_seconds_box = QDoubleSpinBox()
        self.step_seconds_box.setRange(0.2, 10.0)
        self.step_seconds_box.setSingleStep(0.5)
        self.step_seconds_box.setDecimals(1)
        self.step_seconds_box.setValue(DEFAULT_STEP_SECONDS)
        self.steps_box = QSpinBox()
        self.steps_box.setRange(0, 5000)
        self.view_box = QComboBox()
        self.view_box.addItem("", "explore")
        self.view_box.addItem("", "graph")
        self.progress_bar = QProgressBar()
        self.progress_bar.setRange(0, 1)
        self.progress_bar.setValue(0)
        self.status = QLabel()
        self.status.setObjectName("record_status")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.form = QFormLayout()
        self.form.addRow(QLabel(), out_row)
        for widget in (self.size_box, self.fps_box, self.step_seconds_box, self.steps_box, self.view_box):
            self.form.addRow(QLabel(), widget)
        self.buttons = QDialogButtonBox()
        self.record_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.AcceptRole)
        self.cancel_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.RejectRole)
        self.record_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(self._on_cancel_click)
        self.out_edit.textChanged.connect(self._on_out_change)

        layout = QVBoxLayout(self)
        layout.addWidget(self.run_label)
        layout.addLayout(self.form)
        layout.addWidget(self.progress_bar)
        layout.addWidget(self.status)
        layout.addWidget(self.buttons)
        self.language.changed.connect(self._on_language_change)
        self.settings.config_changed.connect(self._on_config_change)
        self.settings.site_changed.connect(self._on_config_change)
        self._set_texts()
        app = QApplication.instance()
        if app is not None:  # the app quitting (its window closed) stops a recording too
            app.aboutToQuit.connect(self.stop)

    # -- public ---------------------------------------------------------------------------------------

    @property
    def recording(self) -> bool:
        return self.process is not None

    def command(self, force: bool = False) -> list[str]:
        """The child's command line; ``force`` replaces an existing file."""
        from memviz.gui.kit import themes

        steps = self.steps_box.value() or None
        return record_command(
            self.settings,
            Path(self.out_edit.text().strip()).expanduser(),
            self.language.code,
            steps,
            self.size_box.currentData(),
            self.fps_box.value(),
            self.view_box.currentData(),
            self.step_seconds_box.value(),
            themes.current().name,
            force,
        )

    def start(self) -> None:
        """Start recording in a child process; progress and the result arrive as it runs."""
        tr = self.language.tr
        if self.recording:
            return
        out = self.out_edit.text().strip()
        try:
            check_settings(
                Path(out), self.size_box.currentData(), self.fps_box.value(), self.language.code,
                self.view_box.currentData(), self.step_seconds_box.value(), None,
            )  # fmt: skip
        except ValueError as exc:
            self.status.setText(tr(window_words.CHECK_THE_SETTINGS) + str(exc))
            return
        target = Path(out).expanduser()
        force = False
        if target.is_dir():
            self.status.setText(tr(window_words.NOT_RECORDED_THAT_IS_A_FOLDER) + f" {target}")
            return
        if target.exists():
            if not self.confirm_replace(target):
                self.status.setText(tr(window_words.NOT_RECORDED_THE_FILE_EXISTS) + f" {target}")
                return
            force = True
        command = self.command(force)
        process = QProcess(self)
        environment = QProcessEnvironment.systemEnvironment()
        environment.insert("QT_QPA_PLATFORM", "offscreen")
        process.setProcessEnvironment(environment)
        process.readyReadStandardOutput.connect(self._on_output)
        process.readyReadStandardError.connect(self._on_error_output)
        process.finished.connect(self._on_finish)
        # A signal that ends the window at once ends its recording too (memviz.stopping), rather
        # than leaving the child to render on until its next line finds no reader.
        # A bound method, never a lambda holding ``self``: the process (a child of this dialog,
        # deleteLater()'d when it ends) would hold the dialog's Python object, and when the process
        # was deleted after everyone else had let the dialog go, that last reference fell inside the
        # process's destructor, which deleted the dialog, which deleted the process again (a
        # segfault in the event loop).
        process.started.connect(self._adopt)
        self.process = process
        self.result_path = None
        self._stderr = ""
        self._stdout = ""
        self._partial = None
        self._cancelling = False
        self.progress_bar.setRange(0, 0)  # busy until the first frame reports the total
        self.status.setText(tr(window_words.PREPARING))
        self._set_running(True)
        process.start(command[0], command[1:])

    def _adopt(self) -> None:
        if self.process is not None:  # (the process that started is the one recording)
            self._child_pid = self.process.processId()
            stopping.child(self._child_pid)

    def confirm_replace(self, path: Path) -> bool:
        """Ask before a recording replaces an existing file (a test may answer for the user)."""
        tr = self.language.tr
        answer = QMessageBox.question(
            self,
            tr(window_words.REPLACE_THE_FILE),
            tr(window_words.ALREADY_EXISTS_REPLACE_IT_WITH_THE_N, path=path),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes

    def cancel(self) -> None:
        """Stop a recording in progress (its temporary file is removed when the child has gone)."""
        if self.process is not None:
            self._cancelling = True
            self.process.kill()

    def stop(self) -> None:
        """Cancel a recording in progress and wait for the child to be gone, its file removed."""
        if self.process is not None:
            self.cancel()
            self.process.waitForFinished(10_000)  # `finished` runs _on_finish before this returns

    def reject(self) -> None:
        """Closing the dialog (Esc, the window's ×) while recording stops the recording first."""
        self.stop()
        super().reject()

    # -- handlers -------------------------------------------------------------------------------------

    def _on_browse(self) -> None:
        tr = self.language.tr
        path, _ = QFileDialog.getSaveFileName(
            self,
            tr(window_words.SAVE_RECORDING),
            self.out_edit.text(),
            "MP4 (*.mp4);;GIF (*.gif)",
            options=QFileDialog.Option.DontConfirmOverwrite,  # Record asks, once, when it starts
        )
        if path:
            self.out_edit.setText(path)

    def _on_out_change(self, text: str) -> None:
        try:
            fmt = output_format(Path(text.strip()))
        except ValueError:
            return
        if fmt == "gif" and self.fps_box.value() not in GIF_RATES:
            self.fps_box.setValue(DEFAULT_FPS["gif"])

    def _on_cancel_click(self) -> None:
        if self.recording:
            self.cancel()
        else:
            self.reject()

    def _on_output(self) -> None:
        if self.process is None:
            return
        text = self._stdout + bytes(self.process.readAllStandardOutput()).decode("utf-8", "replace")
        *lines, self._stdout = text.split("\n")
        for line in lines:
            line = line.rstrip("\r")
            if line.startswith(PROGRESS_PREFIX):
                done, _, total = line[len(PROGRESS_PREFIX) :].partition("/")
                if done.isdigit() and total.isdigit():
                    self._on_progress(int(done), int(total))
            elif line.startswith(PARTIAL_PREFIX):
                self._partial = Path(line[len(PARTIAL_PREFIX) :])
            elif line.strip():
                self.result_path = Path(line.strip())

    def _on_error_output(self) -> None:
        if self.process is not None:
            self._stderr += bytes(self.process.readAllStandardError()).decode("utf-8", "replace")

    def _on_progress(self, done: int, total: int) -> None:
        tr = self.language.tr
        self.progress_bar.setRange(0, total)
        self.progress_bar.setValue(done)
        self.status.setText(tr(window_words.FRAME_N, done=done, total=total))

    def _on_finish(self, exit_code: int, _status) -> None:
        tr = self.language.tr
        self._on_output()
        self._on_error_output()
        if self._stdout.strip():  # the last line, without its newline
            self._stdout += "\n"
            self._on_output()
        process, self.process = self.process, None
        if process is not None:
            stopping.child_ended(self._child_pid)  # (processId() is 0 once it has finished)
            process.deleteLater()
        self._set_running(False)
        self.progress_bar.setRange(0, 1)
        if self._cancelling:
            partial = self._partial  # the child was killed before it could tidy up its own file
            if partial is not None and partial.name.startswith(TEMPORARY_PREFIX):
                partial.unlink(missing_ok=True)
            self.progress_bar.setValue(0)
            self.status.setText(tr(window_words.CANCELLED))
        elif exit_code == 0 and self.result_path is not None:
            self.progress_bar.setValue(1)
            self.status.setText(tr(window_words.SAVED) + str(self.result_path))
        else:
            self.progress_bar.setValue(0)
            message = self._stderr.strip().splitlines()[-1] if self._stderr.strip() else f"exit {exit_code}"
            self.status.setText(tr(window_words.RECORDING_FAILED) + message)

    def _set_running(self, running: bool) -> None:
        tr = self.language.tr
        for widget in (
            self.out_edit, self.browse_button, self.size_box, self.fps_box,
            self.step_seconds_box, self.steps_box, self.view_box, self.record_button,
        ):  # fmt: skip
            widget.setEnabled(not running)
        self.cancel_button.setText(tr(window_words.CANCEL_RECORDING) if running else tr(window_words.CLOSE))

    def _on_language_change(self, _code: str) -> None:
        self._set_texts()

    def _on_config_change(self, _changed) -> None:
        self._set_run_text()

    def _set_run_text(self) -> None:
        from memviz.wording import config_summary

        tr, lang, config = self.language.tr, self.language.code, self.settings.config
        site = self.settings.site.name(lang)
        recorded = self.settings.recorded
        if recorded is not None:  # Ctrl+R on a recording records that recording (memviz record --trace)
            memory = (
                what_if_text(config) if uses_memory(config.strategy) else tr(trace_words.WHAT_IF_NO_MEMORY)
            )
            head = tr(trace_words.RECORDS_THE_RECORDING, agent=recorded.agent, source=recorded.source)
            self.run_label.setText(f"{head} · {memory} · {site}")
            return
        self.run_label.setText(
            tr(window_words.RECORDS_THE_RUN_IN_FORCE)
            + config_summary(config, lang, capital=True)
            + f" · {site}"
        )

    def _set_texts(self) -> None:
        tr = self.language.tr
        self.setWindowTitle(tr(window_words.RECORD_VIDEO_2))
        labels = (
            tr(window_words.SAVE_TO),
            tr(window_words.FRAME_SIZE),
            tr(window_words.FRAMES_PER_SECOND),
            tr(window_words.SECONDS_PER_STEP),
            tr(window_words.STEPS),
            tr(window_words.PICTURE),
        )
        for row, text in enumerate(labels):
            label = self.form.itemAt(row, QFormLayout.ItemRole.LabelRole).widget()
            label.setText(text)
        self.browse_button.setText(tr(window_words.BROWSE))
        self.steps_box.setSpecialValueText(tr(window_words.WHOLE_RUN))
        self.view_box.setItemText(0, tr(window_words.THE_WHOLE_EXPLORE_WINDOW))
        self.view_box.setItemText(1, tr(window_words.THE_SITE_GRAPH_ONLY))
        self.record_button.setText(tr(window_words.RECORD))
        self._set_running(self.recording)
        self._set_run_text()
