// The start page's map: each lesson done / started / not started (with the check's
// score), where to continue, the puzzle rating and puzzles due, and the learner's
// progress as a file to take along. Python decides everything; this only draws it.

/**
 * @typedef {{ path: string, title: string, short: string, label: string, status: string,
 *   score: number[] | null }} Entry
 * @typedef {{ known: boolean, tracks: {name: string, title: string, lessons: Entry[]}[],
 *   continue: {path: string, title: string, short: string, again: boolean} | null,
 *   rating: string, due: number, played: number, message: string }} MapState
 */

const STATUS_MARK = { done: "✓", started: "◐", "not started": "○" };
const STATUS_WORDS = {
  // Translators: a lesson's status on the start page's map (its check finished).
  done: N_("done"),
  // Translators: a lesson's status on the start page's map (opened, its check not finished).
  started: N_("started"),
  // Translators: a lesson's status on the start page's map.
  "not started": N_("not started"),
};

/** A lesson's address from the start page, in this page's own form (.ipynb or .html). */
function lessonHref(path) {
  return window.location.pathname.endsWith(".html") ? path.replace(/\.ipynb$/, ".html")
    : path;
}

export default {
  /** @param {{model: any, el: HTMLElement}} ctx */
  render({ model, el }) {
    const root = h("div", "trix-tutor tt-map");
    root.dataset.testid = "map";
    el.appendChild(root);
    const file = /** @type {HTMLInputElement} */ (h("input"));
    file.type = "file";
    file.accept = ".json";
    file.hidden = true;
    file.addEventListener("change", async () => {
      const f = file.files && file.files[0];
      if (f) model.send({ type: "import", text: await f.text() });
      file.value = "";
    });

    function draw() {
      /** @type {MapState} */
      const s = model.get("state") || {};
      root.replaceChildren();
      if (!s.tracks) return;
      root.appendChild(h("h2", "tt-map-title", _("Your path")));
      const top = h("div", "tt-map-top");
      if (s.continue) {
        const said = { lesson: s.continue.short, title: s.continue.title };
        const a = /** @type {HTMLAnchorElement} */ (h("a", "tt-map-continue", s.continue.again
          // Translators: where to go on: the lesson left half done ("Trixter 2 · Trump").
          ? _("Continue: {lesson} · {title}", said)
          // Translators: where to go on: the next lesson ("Trixter 2 · Trump").
          : _("Next: {lesson} · {title}", said)));
        a.href = lessonHref(s.continue.path);
        a.dataset.testid = "continue";
        top.appendChild(a);
      } else if (s.known) {
        top.appendChild(h("span", "tt-map-note", _("New here? Start with Trixter 1 below.")));
      } else {
        top.appendChild(h("span", "tt-map-note", _("Finding your progress…")));
      }
      const due = s.due ? ngettext("{n} puzzle due again", "{n} puzzles due again", s.due)
        : _("no puzzle due");
      const puzzles = h("a", "tt-map-puzzles", s.played ? `${s.rating} · ${due}`
        : _("Puzzles: none played yet"));
      puzzles.setAttribute("href", lessonHref("puzzles.ipynb"));
      puzzles.dataset.testid = "map-puzzles";
      top.appendChild(puzzles);
      root.appendChild(top);
      for (const t of s.tracks) {
        const box = h("div", "tt-map-track");
        box.appendChild(h("div", "tt-map-track-title", t.title));
        const row = h("ol", "tt-map-lessons");
        for (const x of t.lessons) {
          const li = h("li", `tt-map-lesson tt-${x.status.replace(" ", "-")}`);
          li.dataset.testid = "map-lesson";
          li.dataset.path = x.path;
          li.dataset.status = x.status;
          const a = /** @type {HTMLAnchorElement} */ (h("a", "", ""));
          a.href = lessonHref(x.path);
          a.appendChild(h("span", "tt-map-mark", STATUS_MARK[x.status] || "○"));
          a.appendChild(h("span", "tt-map-name", x.label));
          // The topic in words on the chip: a phone shows no hover title.
          if (x.short !== x.title) a.appendChild(h("span", "tt-map-topic", x.title));
          if (x.score) a.appendChild(h("span", "tt-map-score", `${x.score[0]}/${x.score[1]}`));
          const status = STATUS_WORDS[x.status] ? _(STATUS_WORDS[x.status]) : x.status;
          a.title = [x.short === x.title ? x.title : `${x.short}: ${x.title}`, status,
            // Translators: a lesson's check score on the map: the questions right at first try.
            ...(x.score ? [_("check {right} of {total} right",
              { right: x.score[0], total: x.score[1] })] : [])].join(" · ");
          a.setAttribute("aria-label", a.title);
          li.appendChild(a);
          row.appendChild(li);
        }
        box.appendChild(row);
        root.appendChild(box);
      }
      const bar = h("div", "tt-map-file");
      const save = /** @type {HTMLButtonElement} */ (h("button", "tt-btn",
        _("Download my progress")));
      save.type = "button";
      save.disabled = !s.known;
      save.addEventListener("click", () => model.send({ type: "export" }));
      const load = /** @type {HTMLButtonElement} */ (h("button", "tt-btn",
        _("Load progress from a file")));
      load.type = "button";
      load.disabled = !s.known;
      load.addEventListener("click", () => file.click());
      bar.append(save, load, file);
      bar.appendChild(h("span", "tt-map-note",
        _("Your progress is kept for this browser (in files where the tutor runs, under an id only this browser knows); take it to another browser or machine as a file.")));
      root.appendChild(h("div", "tt-map-note tt-map-legend",
        _("✓ done (check finished) · ◐ started · ○ not started · a lesson's check score is the questions right at the first try")));
      root.appendChild(bar);
      if (s.message) root.appendChild(h("p", "tt-map-message", s.message));
      const err = sentence(model.get("error"));
      if (err) root.appendChild(h("p", "tt-map-error", err));
    }

    /** @param {any} msg */
    function onMessage(msg) {
      if (!msg || msg.type !== "export") return;
      const url = URL.createObjectURL(new Blob([msg.text], { type: "application/json" }));
      const a = /** @type {HTMLAnchorElement} */ (h("a"));
      a.href = url;
      a.download = msg.name;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10000);
    }

    draw();
    model.on("change:state", draw);
    model.on("change:error", draw);
    model.on("msg:custom", onMessage);
    return () => {
      model.off("change:state", draw);
      model.off("change:error", draw);
      model.off("msg:custom", onMessage);
    };
  },
};
