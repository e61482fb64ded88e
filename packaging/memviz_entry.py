"""The bundle's entry point: the same ``memviz`` command as the installed console script."""

import multiprocessing
import os
import sys
from pathlib import Path

SYSTEM_FONTCONFIG = Path("/etc/fonts/fonts.conf")


def fontconfig_file(environ, bundle: Path, system_config: Path = SYSTEM_FONTCONFIG) -> str | None:
    """The bundle's own fonts.conf where the laptop has no fontconfig setup of its own, else None.

    The Linux bundle carries libfontconfig but not its configuration: on a bare Debian (no
    fontconfig-config package) it printed "Fontconfig error: Cannot load default config file" at
    every start, although the window draws with the CJK font memviz carries.
    """
    if not sys.platform.startswith("linux") or "FONTCONFIG_FILE" in environ or "FONTCONFIG_PATH" in environ:
        return None
    own = bundle / "fontconfig" / "fonts.conf"
    if system_config.is_file() or not own.is_file():
        return None
    return str(own)


def _main() -> int:
    from memviz.launch import main

    return main(sys.argv[1:])


if __name__ == "__main__":
    # The report's worker processes re-run this executable on Windows and macOS (spawn):
    # freeze_support() turns those starts into workers instead of a second app.
    multiprocessing.freeze_support()
    bundled = getattr(sys, "_MEIPASS", None)
    config = fontconfig_file(os.environ, Path(bundled)) if bundled else None
    if config:  # before Qt loads libfontconfig; child processes inherit it
        os.environ["FONTCONFIG_FILE"] = config
    raise SystemExit(_main())
