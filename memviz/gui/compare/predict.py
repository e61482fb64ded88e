"""Predict, then reveal, in the Compare view: with the box ticked, a step on which a lane will forget
an entry waits; the class picks which entry that lane's policy forgets (the first lane that forgets,
top to bottom), then the rule's choice is said in words and the lanes step on together. The
question comes from the lanes the core computed (:func:`memviz.predict.lane_question`)."""

from __future__ import annotations

from memviz.core.policies import POLICIES
from memviz.gui.kit.predict_bar import EVICT, PredictBar
from memviz.predict import EvictionQuestion, lane_question, reveal_text
from memviz.wording import compare as compare_words


class ComparePredictBar(PredictBar):
    """The switch and tally head the side panel (``switch_box``); the strip with the question sits
    above the lanes, so the frame tables keep their height while nothing is asked."""

    OBJECT_NAME = "compare_predict"
    MODES = (EVICT,)  # lanes part ways on purpose: "where does it go" is Explore's question

    def __init__(self, model, language, parent=None) -> None:
        self.lane: int | None = None  # the lane the question is about
        super().__init__(model, language, parent)

    def _set_texts(self) -> None:
        super()._set_texts()
        self.switch.setText(self.language.tr(compare_words.PREDICT_THEN_REVEAL))  # the panel is narrow

    def _next_question(self, calls: int) -> EvictionQuestion | None:
        asked = lane_question(self.model.comparison, calls)
        self.lane = None if asked is None else asked[0]
        return None if asked is None else asked[1]

    def _reveal(self, question: EvictionQuestion, page: int, lang: str) -> str:
        lane = self.model.comparison.lanes[self.lane]
        events = [record.event for record in lane.steps[: question.call - 1]]
        return reveal_text(question, page, self.model.comparison.site, lane.run_config, events, lang)

    def _prompt(self, question: EvictionQuestion, lang: str) -> str:
        config = self.model.comparison.lanes[self.lane].run_config
        name = POLICIES.get(config.policy).label_in(lang)
        lane = self.lane + 1  # as the lanes are numbered on screen
        return self.language.tr(
            compare_words.STEP_LANE_IS_FULL_WHICH_ENTRY_N, call=question.call, lane=lane, name=name
        )

    def _shown(self) -> bool:
        return any(c.uses_memory and c.capacity is not None for c in self.model.configs)

    def _most_answers(self) -> int:
        return max((c.capacity or 0 for c in self.model.configs if c.uses_memory), default=0)

    def _page_name(self, page: int, lang: str) -> str:
        return self.model.comparison.site.page_name(page, lang)
