"""The blog behind ``memviz serve``: its pages for each visitor and the ``/api/...`` its forms post to.

Every form on a page posts JSON to ``/api/...`` from the page's script and is answered in place:
nothing navigates, so a visitor's trace is the links they clicked. A visitor's session (the name
they signed in with, favourites, comments, articles) lives in memory for the run
(:mod:`memviz.web.blog.session`). Where the page the form is on has a bug, the answer is that bug
(a favourite that does not change the count, a save that drops the tags, a publish that fails).
A bug report is the student's claim: the trace folder writes it into their trace (a ``reported``
claim on the step of the page), and keeps the name they signed in with beside the traces.
"""

from __future__ import annotations

import datetime
import json
import re
from html import escape

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from memviz.core.site import Site
from memviz.core.trace import Claim
from memviz.core.webpage import symptom_of
from memviz.web.blog.content import BlogContent, blog_content
from memviz.web.blog.kinds import is_blog
from memviz.web.blog.session import MOST_ITEMS, Published, Session, Sessions, clipped
from memviz.web.blog.shell import asset_paths, render_blog_page
from memviz.web.visitors import TraceFolder
from memviz.wording import blog as blog_words

MOST_BODY = 64_000  # bytes of a form's JSON
MOST_NAME = 40  # characters of a name a visitor signs in with
REPORT_TYPES = tuple(key for key, _ in blog_words.REPORT_TYPES)

_ARTICLE = re.compile(r"/api/articles/(?P<slug>[A-Za-z0-9_-]{1,80})(?P<what>/favorite|/comments)?\Z")
_FOLLOW = re.compile(r"/api/profiles/(?P<user>[A-Za-z0-9_.-]{1,80})/follow\Z")


class Blog:
    def __init__(
        self,
        site: Site,
        lang: str,
        answers: bool = False,
        traces: TraceFolder | None = None,
        content: BlogContent | None = None,
    ) -> None:
        self.site, self.lang, self.answers, self.traces = site, lang, answers, traces
        self.content = content or blog_content()
        self.sessions = Sessions()

    @staticmethod
    def fits(site: Site) -> bool:
        return is_blog(site)

    def asset(self, path: str) -> Response | None:
        """The blog's style sheet or script at ``path`` (named by its content, so kept for good)."""
        found = asset_paths().get(path)
        if found is None:
            return None
        text, media = found
        return Response(
            text, media_type=media, headers={"Cache-Control": "public, max-age=31536000, immutable"}
        )

    def render(self, page: int | None, n: int, visitor: str | None) -> tuple[int, str]:
        session = self.sessions.peek(visitor)
        return render_blog_page(self.site, page, self.lang, n, self.content, session, self.answers)

    async def api(self, request: Request, visitor: str | None, n: int) -> Response:
        """A form's POST: JSON in, JSON out ({message, errors, clear, append, label, name})."""
        raw = b""
        async for chunk in request.stream():  # read no further than a form can need
            raw += chunk
            if len(raw) > MOST_BODY:
                return JSONResponse({"errors": [self._say(blog_words.TOO_LARGE)]}, status_code=413)
        try:
            data = json.loads(raw or b"{}")
        except (ValueError, UnicodeDecodeError):
            data = None
        if not isinstance(data, dict) or not visitor:
            return JSONResponse({"errors": [self._say(blog_words.BAD_REQUEST)]}, status_code=400)
        session = self.sessions.get(visitor)
        page = self.site.page_at(clipped(data.get("page"), 1800))
        path = request.url.path
        answer = self._answer(path, data, session, page, visitor, n)
        if answer is None:
            return JSONResponse({"errors": [self._say(blog_words.NO_SUCH_ACTION)]}, status_code=404)
        status, body = answer
        return JSONResponse(body, status_code=status, headers={"Cache-Control": "no-store"})

    def _say(self, words, **fields) -> str:
        return words.pick(self.lang, **fields)

    def _bug(self, page: int | None, *prefixes: str) -> str | None:
        """The error message of ``page``'s bug when its type starts with one of ``prefixes``."""
        if page is None:
            return None
        symptom = symptom_of(self.site, page)
        if symptom is None or not symptom.error.startswith(prefixes):
            return None
        return symptom.message

    def _answer(self, path, data, session: Session, page, visitor, n) -> tuple[int, dict] | None:
        if path in ("/api/users/login", "/api/users"):
            name = " ".join(clipped(data.get("name"), MOST_NAME).split())
            if not name:
                return 422, {"errors": [self._say(blog_words.NAME_NEEDED)]}
            session.name, session.deleted = name, False
            self._keep_name(visitor, name)
            return 200, self._signed(session, self._say(blog_words.SIGNED_IN_AS, name=name))
        if path == "/api/user":
            name = " ".join(clipped(data.get("name"), MOST_NAME).split())
            if name and name != session.name:
                session.name = name
                self._keep_name(visitor, name)
            session.bio = clipped(data.get("bio"))
            return 200, self._signed(session, self._say(blog_words.SETTINGS_SAVED))
        if path == "/api/user/logout":
            session.name = None
            return 200, self._signed(session, self._say(blog_words.LOGGED_OUT))
        if path == "/api/user/password":
            return 200, {"message": self._say(blog_words.PASSWORD_UPDATED), "clear": ["current", "new"]}
        if path == "/api/user/delete":
            fresh = Session(deleted=True)
            session.__dict__.update(fresh.__dict__)
            return 200, self._signed(session, self._say(blog_words.ACCOUNT_DELETED))
        if path == "/api/articles":
            return self._publish(data, session, page, n)
        if path == "/api/reports":
            return self._report(data, session, page, visitor)
        found = _ARTICLE.match(path)
        if found:
            slug, what = found["slug"], found["what"]
            if what == "/favorite":
                return self._favorite(slug, session, page)
            if what == "/comments":
                return self._comment(slug, data, session, page)
            return self._update(slug, data, page, n)
        found = _FOLLOW.match(path)
        if found:
            user = found["user"]
            on = user not in session.following
            (session.following.add if on else session.following.discard)(user)
            return 200, {"label": self._say(blog_words.UNFOLLOW if on else blog_words.FOLLOW, user=user)}
        return None

    def _keep_name(self, visitor: str, name: str) -> None:
        if self.traces is not None:
            self.traces.name(visitor, name)

    def _signed(self, session: Session, message: str) -> dict:
        signed = self._say(blog_words.SIGNED_IN_AS, name=session.name) if session.name else ""
        return {"message": message, "name": session.name or "", "signed": signed}

    def _favorite(self, slug: str, session: Session, page: int | None) -> tuple[int, dict]:
        article = self.content.article(slug)
        before = article.favorites + (1 if session.favorited.get(slug) else 0)
        on = not session.favorited.get(slug, False)
        session.favorited[slug] = on
        count = article.favorites + (1 if on else 0)
        if self._bug(page, "stale state") is not None:
            count = before  # the bug: the favourite is kept, the count the page shows is not refreshed
        if self._bug(page, "wrong value") is not None and not on:
            count = -max(before, 1)
        return 200, {"favorited": on, "favoritesCount": count}

    def _comment(self, slug: str, data: dict, session: Session, page: int | None) -> tuple[int, dict]:
        text = clipped(data.get("body")).strip()
        if not text:
            return 422, {"errors": [self._say(blog_words.WRITE_A_COMMENT)]}
        author = session.who(self._say(blog_words.GUEST))
        kept = session.comments.setdefault(slug, [])
        if len(kept) < MOST_ITEMS:
            kept.append((author, text))
        xss = self._bug(page, "XSS") is not None
        shown = text if xss else escape(text)  # the bug: a comment is written into the page as it is
        card = (
            f'<div class="card comment"><div class="card-block"><p>{shown}</p></div>'
            f'<div class="card-footer"><span class="comment-author">{escape(author)}</span></div></div>'
        )
        return 200, {"append": card, "clear": ["body"]}

    def _publish(self, data: dict, session: Session, page: int | None, n: int) -> tuple[int, dict]:
        message = self._bug(page, "HTTP 5")
        if message is not None:  # the bug: publishing fails and empties the body
            return 500, {"errors": [message.replace("{n}", str(n))], "clear": ["body"]}
        title = clipped(data.get("title"), 200).strip() or "—"
        tags = tuple(t.strip() for t in clipped(data.get("tags"), 400).split(",") if t.strip())[:10]
        if len(session.published) < MOST_ITEMS:
            session.published.append(
                Published(
                    title,
                    clipped(data.get("about"), 400),
                    clipped(data.get("body")),
                    tags,
                    datetime.date.today(),
                )
            )
        return 200, {
            "message": self._say(blog_words.PUBLISHED, title=title),
            "clear": ["title", "about", "body", "tags"],
        }

    def _update(self, slug: str, data: dict, page: int | None, n: int) -> tuple[int, dict]:
        message = self._bug(page, "HTTP 4")
        if message is not None:  # the bug: the save is refused and the tags typed are dropped
            return 422, {"errors": [message.replace("{n}", str(n))], "clear": ["tags"]}
        return 200, {"message": self._say(blog_words.SAVED)}

    def _report(self, data: dict, session: Session, page: int | None, visitor: str) -> tuple[int, dict]:
        error = clipped(data.get("type"), 40)
        if error not in REPORT_TYPES:
            error = "other"
        said = " ".join(clipped(data.get("words"), 1000).split())
        route = self.site.url_path(page) if page is not None else clipped(data.get("page"), 1800) or "/"
        claim = Claim("reported", said or error, error, route)  # the page named: the claim rule's
        written = self.traces is not None and self.traces.claim(visitor, route, claim)
        if not written:
            return 503, {"errors": [self._say(blog_words.REPORT_NOT_RECORDED)]}
        session.reports += 1
        return 200, {"message": self._say(blog_words.REPORT_THANKS, n=session.reports), "clear": ["words"]}
