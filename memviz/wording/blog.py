"""The words of the served blog (``memviz serve``): its buttons, forms, tabs and answers, zh and en.

The articles, people and comments are data (``resources/web/blog-content.json``); these are the
blog's own words, the ones Conduit's pages say around them.
"""

from __future__ import annotations

from memviz.wording.words import Words

BRAND_TAGLINE = Words("一个分享知识的地方。", "A place to share your knowledge.")
FOOTER = Words("一个学习用的示例博客 · 由 memviz 提供", "An example blog for learning · served by memviz")
REPORT_A_BUG = Words("报告 Bug", "Report a bug")
SIGN_IN_PROMPT = Words("登录或注册后即可收藏和评论。", "Sign in or sign up to favourite and comment.")
GLOBAL_FEED = Words("全站动态", "Global Feed")
POPULAR_TAGS = Words("热门标签", "Popular Tags")
SEARCH_ARTICLES = Words("搜索文章…", "Search articles…")
SEARCH = Words("搜索", "Search")
NO_RESULTS = Words("没有找到匹配的文章。", "No articles match.")
READ_MORE = Words("阅读全文…", "Read more…")
PAGE_N = Words("第 {n} 页", "page {n}")
FAVORITE = Words("收藏", "Favorite")
FOLLOW = Words("关注 {user}", "Follow {user}")
UNFOLLOW = Words("取消关注 {user}", "Unfollow {user}")
EDIT_ARTICLE = Words("编辑文章", "Edit Article")
COMMENTS_N = Words("评论（{n}）", "Comments ({n})")
SHARE = Words("分享", "Share")
BACK_TO = Words("← 返回：{title}", "← Back to: {title}")
WRITE_A_COMMENT = Words("写下你的评论…", "Write a comment…")
POST_COMMENT = Words("发表评论", "Post Comment")
COMMENTING_AS = Words("评论身份：{name}", "Commenting as {name}")
GUEST = Words("访客", "guest")
SIGN_IN = Words("登录", "Sign in")
SIGN_UP = Words("注册", "Sign up")
NEED_AN_ACCOUNT = Words("还没有账号？", "Need an account?")
HAVE_AN_ACCOUNT = Words("已经有账号了？", "Have an account?")
NAME_ANY = Words("用户名（随便起一个）", "Username (any name)")
EMAIL = Words("邮箱", "Email")
PASSWORD = Words("密码", "Password")
SIGNED_IN_AS = Words("已登录：{name}", "Signed in as {name}")
YOUR_SETTINGS = Words("你的设置", "Your Settings")
PICTURE_URL = Words("头像图片的 URL", "URL of profile picture")
SHORT_BIO = Words("简单介绍一下自己", "Short bio about you")
UPDATE_SETTINGS = Words("更新设置", "Update Settings")
SETTINGS_SAVED = Words("设置已保存。", "Settings saved.")
LOG_OUT = Words("或者点这里退出登录", "Or click here to logout.")
LOGGED_OUT = Words("已退出登录。", "You are logged out.")
CHANGE_PASSWORD = Words("修改密码", "Change password")
CURRENT_PASSWORD = Words("当前密码", "Current password")
NEW_PASSWORD = Words("新密码", "New password")
UPDATE_PASSWORD = Words("更新密码", "Update password")
PASSWORD_UPDATED = Words("密码已更新。", "Password updated.")
DANGER_ZONE = Words("危险操作", "Danger zone")
DELETE_ACCOUNT = Words("注销账号", "Delete account")
DELETE_WARNING = Words(
    "注销会删除你的账号，以及你写的文章、评论和收藏。",
    "This deletes your account, with your articles, comments and favourites.",
)
DELETE_CONFIRM = Words(
    "确定要注销账号吗？此操作无法撤销。", "Really delete your account? This cannot be undone."
)
ACCOUNT_DELETED = Words("账号已注销。", "Your account has been deleted.")
ARTICLE_TITLE = Words("文章标题", "Article Title")
ABOUT_ARTICLE = Words("这篇文章讲什么？", "What's this article about?")
WRITE_ARTICLE = Words("用 Markdown 写文章", "Write your article (in markdown)")
ENTER_TAGS = Words("输入标签（用逗号分隔）", "Enter tags (comma separated)")
PUBLISH = Words("发布文章", "Publish Article")
UPDATE_ARTICLE = Words("更新文章", "Update Article")
PUBLISHED = Words(
    "已发布：{title}。它出现在“我的文章”里。", "Published: {title}. It is listed under My Articles."
)
SAVED = Words("已保存。", "Saved.")
LAST_SAVE = Words("上次保存：{status}", "Last save: {status}")
YOUR_RECENT_ARTICLES = Words("你最近的文章", "Your recent articles")
MY_ARTICLES = Words("我的文章", "My Articles")
FAVORITED_ARTICLES = Words("收藏的文章", "Favorited Articles")
FOLLOWERS_N = Words("{n} 位关注者", "{n} followers")
FOLLOWERS_OF = Words("{user} 的关注者", "{user}'s followers")
ARTICLES_BY = Words("{user} 的文章", "Articles by {user}")
PICK_A_TAB = Words("选一个标签页，看文章或收藏。", "Pick a tab to see the articles or the favourites.")
NOTHING_HERE_YET = Words("这里还没有文章。", "No articles are here… yet.")
SHARE_THIS = Words("分享这篇文章", "Share this article")
COPY_LINK = Words("复制链接", "Copy link")
COPIED = Words("已复制。", "Copied.")
SERVER_ERROR = Words("服务器出错了", "Internal Server Error")
SERVER_ERROR_HINT = Words(
    "请求没有完成。你可以返回，或者稍后再试。",
    "The request could not be completed. Go back, or try again later.",
)
NOT_FOUND = Words("页面不存在", "Page not found")
NOT_FOUND_HINT = Words("这个地址上没有页面。", "There is no page at this address.")
YOU_MIGHT_LIKE = Words("你也许想看", "You might like")
# The bug report dialog: the student's claim, written into their trace.
REPORT_PAGE = Words("页面", "Page")
REPORT_TYPE = Words("类型", "Type")
REPORT_WORDS = Words("你看到了什么？", "What did you see?")
REPORT_SEND = Words("提交报告", "Send report")
REPORT_CANCEL = Words("取消", "Cancel")
REPORT_THANKS = Words("谢谢！报告已记录（第 {n} 条）。", "Thank you! Report recorded (number {n}).")
REPORT_NOT_RECORDED = Words(
    "报告没有记录：这个服务器不写轨迹。", "The report was not recorded: this server writes no traces."
)
# The short list of what a tester may claim (error type of the trace, words).
REPORT_TYPES = (
    ("HTTP 500", Words("服务器错误（500）", "Server error (500)")),
    ("XSS", Words("页面执行了不该执行的脚本（XSS）", "A script runs that should not (XSS)")),
    ("HTTP 422", Words("保存失败或丢了数据", "Saving fails or loses data")),
    ("missing confirmation", Words("危险操作没有确认", "A dangerous action without confirmation")),
    ("stale state", Words("数字或状态没有更新", "A number or state does not update")),
    ("duplicate item", Words("同一项出现了两次", "An item appears twice")),
    ("wrong value", Words("显示的值不对", "A wrong value is shown")),
    ("other", Words("其他", "Something else")),
)
# The teacher's view (serve --answers).
ANSWER = Words("答案：{bug}（{error}）", "Answer: {bug} ({error})")
ANSWER_NONE = Words("答案：这一页没有注入的 Bug。", "Answer: no injected bug on this page.")
XSS_HELLO = Words("来自评论的问候！", "Hi from a comment!")  # what the script in a comment writes
# What /api/... answers a request no form of the blog sends (a script's, a broken browser's).
BAD_REQUEST = Words("请求无法处理。", "The request could not be understood.")
TOO_LARGE = Words("请求太大了。", "The request is too large.")
NO_SUCH_ACTION = Words("没有这个操作。", "There is no such action.")
NAME_NEEDED = Words("请填一个用户名。", "Type a name to sign in.")
REPORT_CHOOSE = Words("（选一个类型）", "(choose a type)")
