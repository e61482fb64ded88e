// The served blog's interactions: favourite, comment, sign in, save, delete, follow, search, and the
// "Report a bug" dialog. Every action is a POST to /api/... answered with JSON; nothing navigates,
// so the visitor's trace holds exactly the links they clicked. Served by memviz itself (no CDN).
(function () {
  "use strict";
  var page = document.body.getAttribute("data-page");
  function post(url, data) {
    data.page = page;
    return fetch(url, {
      method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/json"}, body: JSON.stringify(data)
    }).then(function (r) {
      return r.json().then(function (body) { return {status: r.status, body: body}; },
                           function () { return {status: r.status, body: {}}; });
    });
  }
  // A buggy page's error goes where a browser shows errors: the console.
  document.querySelectorAll("template.error-message").forEach(function (e) { console.error(e.content.textContent); });

  function show(form, r) {
    var b = r.body || {};
    var result = form.querySelector(".form-result");
    if (result) { result.textContent = b.message || ""; }
    var errors = form.querySelector("ul.error-messages");
    if (errors) {
      errors.textContent = "";
      (b.errors || []).forEach(function (text) {
        var li = document.createElement("li"); li.textContent = text; errors.appendChild(li);
      });
    }
    (b.clear || []).forEach(function (name) {
      var field = form.querySelector("[name='" + name + "']"); if (field) { field.value = ""; }
    });
    if (b.append && form.getAttribute("data-into")) {
      // a fragment made this way runs its scripts, as the server-rendered comment would
      var into = document.querySelector(form.getAttribute("data-into"));
      into.appendChild(document.createRange().createContextualFragment(b.append));
    }
    if (b.label) { var button = form.querySelector("button"); if (button) { button.textContent = b.label; } }
    if (b.name !== undefined) {
      document.querySelectorAll(".signed-in").forEach(function (e) { e.textContent = b.signed || ""; });
    }
    if (b.replace) { form.outerHTML = b.replace; }
  }
  function wire(form) {
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var ask = form.getAttribute("data-confirm");
      if (ask && !window.confirm(ask)) { return; }
      var data = {};
      new FormData(form).forEach(function (value, key) { data[key] = value; });
      post(form.getAttribute("data-api"), data).then(function (r) { show(form, r); });
    });
  }
  document.querySelectorAll("form[data-api]").forEach(wire);
  document.addEventListener("click", function (event) {
    var button = event.target.closest("button.btn-fav");
    if (!button) { return; }
    event.preventDefault();
    post("/api/articles/" + button.getAttribute("data-slug") + "/favorite", {}).then(function (r) {
      if (r.status !== 200) { return; }
      button.classList.toggle("active", !!r.body.favorited);
      button.querySelector(".favorites-count").textContent = r.body.favoritesCount;
    });
  });
  var search = document.getElementById("search-q");
  if (search) {
    var filter = function () {
      var words = search.value.trim().toLowerCase(), shown = 0;
      document.querySelectorAll("li.article-preview").forEach(function (li) {
        var hit = !words || li.textContent.toLowerCase().indexOf(words) >= 0;
        li.style.display = hit ? "" : "none"; shown += hit ? 1 : 0;
      });
      document.getElementById("no-results").hidden = shown > 0;
    };
    search.addEventListener("input", filter);
    search.form.addEventListener("submit", function (event) { event.preventDefault(); filter(); });
  }
  var copy = document.getElementById("copy-link");
  if (copy) {
    copy.addEventListener("click", function () {
      var field = document.getElementById("share-url"); field.select();
      try { document.execCommand("copy"); } catch (e) { /* the selection is there to copy by hand */ }
      copy.textContent = copy.getAttribute("data-done");
    });
  }
  // The "Report a bug" dialog, built when first opened from the words the page carries.
  var dialog = null;
  function reportDialog() {
    if (dialog) { return dialog; }
    var said = JSON.parse(document.getElementById("report-words").textContent);
    dialog = document.createElement("dialog");
    dialog.id = "report-dialog";
    var form = document.createElement("form");
    form.className = "report-form";
    form.method = "post";
    form.setAttribute("data-api", "/api/reports");
    function add(tag, props, parent) {
      var e = document.createElement(tag); Object.assign(e, props || {}); (parent || form).appendChild(e); return e;
    }
    add("h3", {textContent: said.title});
    var label = add("label", {textContent: said.page});
    add("input", {className: "form-control", name: "where", value: said.where, readOnly: true}, label);
    label = add("label", {textContent: said.type});
    var select = add("select", {className: "form-control", name: "type"}, label);
    add("option", {value: "", textContent: said.choose}, select);  // no type chosen for them
    said.types.forEach(function (t) { add("option", {value: t[0], textContent: t[1]}, select); });
    label = add("label", {textContent: said.words});
    add("textarea", {className: "form-control", name: "words", rows: 4, maxLength: 1000}, label);
    add("ul", {className: "error-messages"});
    add("p", {className: "form-result"}).setAttribute("role", "status");
    var row = add("div", {className: "row"});
    add("button", {type: "button", className: "btn grey cancel", textContent: said.cancel}, row)
      .addEventListener("click", function () { dialog.close(); });
    add("button", {className: "btn solid", textContent: said.send}, row);
    dialog.appendChild(form);
    document.body.appendChild(dialog);
    wire(form);
    return dialog;
  }
  document.querySelectorAll("button.report-bug").forEach(function (button) {
    button.addEventListener("click", function () {
      var d = reportDialog();
      d.querySelector(".form-result").textContent = "";
      d.showModal();
    });
  });
})();
