// RushPanel: a timed drill's clock, score and buttons. The countdown is only a display:
// it counts down from the `remaining` seconds Python sent, and at zero says "time-up";
// Python's clock decides (it refuses an early "time-up" and sends the time left again).

/**
 * @typedef {{
 *   phase: "ready" | "running" | "over", remaining: number, clock: string, limit: number,
 *   penalty: number, score: number, missed: number, best: number,
 *   results: {ok: boolean, stars: number}[], note: string, summary: string, seq: number,
 *   new_best?: boolean,
 * }} RushState
 * @typedef {{
 *   get(name: string): any, send(content: object): void,
 *   on(event: string, cb: Function): void, off(event: string, cb: Function): void,
 * }} Model
 */

/**
 * A message's nodes with one of its fields drawn as its own element, the rest as text:
 * "{score} solved · …" with the score in bold, wherever a translation puts it.
 * @param {string} text the message in the learner's language, other fields filled
 * @param {string} field
 * @param {HTMLElement} el
 * @returns {(HTMLElement | string)[]}
 */
function around(text, field, el) {
  const [before, after = ""] = text.split(`{${field}}`);
  return [...(before ? [before] : []), el, ...(after ? [after] : [])];
}

/** @param {number} seconds */
function clockWords(seconds) {
  const s = Math.max(0, Math.ceil(seconds - 1e-9));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

export default {
  /** @param {{model: Model, el: HTMLElement}} ctx */
  render({ model, el }) {
    const root = h("div", "trix-tutor tt-rush");
    el.appendChild(root);
    let deadline = 0;  // performance.now() when the time runs out
    let sentFor = -1;  // the seq a "time-up" was sent for (once per state)
    let timer = 0;
    /** @type {HTMLElement | null} */
    let clock = null;

    /**
     * @param {string} label
     * @param {string} type
     * @param {string} [cls]
     */
    function button(label, type, cls) {
      const b = /** @type {HTMLButtonElement} */ (h("button", `tt-btn${cls ? ` ${cls}` : ""}`, label));
      b.type = "button";
      b.dataset.testid = `rush-${type}`;
      b.addEventListener("click", () => model.send({ type }));
      return b;
    }

    function tick() {
      /** @type {RushState} */
      const s = model.get("state") || {};
      if (s.phase !== "running" || !clock) return;
      const left = (deadline - performance.now()) / 1000;
      clock.textContent = clockWords(left);
      clock.classList.toggle("tt-rush-low", left <= 20);
      if (left <= 0 && sentFor !== s.seq) {
        sentFor = s.seq;
        model.send({ type: "time-up" });
      }
    }

    function draw() {
      /** @type {RushState} */
      const s = model.get("state") || {};
      root.replaceChildren();
      root.classList.toggle("four-colour", !!model.get("four_colour"));
      if (!s.phase) return;
      root.dataset.phase = s.phase;
      deadline = performance.now() + (s.remaining || 0) * 1000;
      const head = h("div", "tt-rush-head");
      clock = h("div", "tt-rush-clock", s.clock);
      clock.dataset.testid = "rush-clock";
      clock.setAttribute("role", "timer");
      clock.setAttribute("aria-label", _("time left"));
      const score = h("div", "tt-rush-score");
      score.dataset.testid = "rush-score";
      // Translators: a puzzle rush's score; {score} (in bold) is the number solved.
      score.append(...around(_("{score} solved · {missed} missed · best {best}",
        { missed: s.missed, best: s.best }), "score", h("b", "", String(s.score))));
      head.append(clock, score);
      if (s.phase === "running") {
        // Translators: a puzzle rush's button: stop the clock and end the rush.
        head.appendChild(button(_("Stop"), "stop"));
      } else {
        // Translators: a puzzle rush's button: a new rush after one is over.
        const again = _("Start again");
        // Translators: a puzzle rush's button: start the clock.
        const start = _("Start");
        head.appendChild(button(s.phase === "over" ? again : start, "start", "tt-primary"));
      }
      root.appendChild(head);
      if (s.phase === "ready") {
        const penalty = Math.round(s.penalty);
        const time = clockWords(s.limit);
        // Translators: a puzzle rush's rules; {time} is the clock ("3:00"), {n} the
        // seconds a wrong card costs.
        const rules = ngettext("{time} on the clock. The puzzles start easy and get harder. Solve as many as you can: a wrong card costs {n} second and brings the next puzzle. No hints here. Your rating does not change.",
          "{time} on the clock. The puzzles start easy and get harder. Solve as many as you can: a wrong card costs {n} seconds and brings the next puzzle. No hints here. Your rating does not change.",
          penalty, { time });
        root.appendChild(h("p", "tt-rush-rules", rules));
      }
      if (s.results && s.results.length) {
        const strip = h("ol", "tt-rush-results");
        strip.dataset.testid = "rush-results";
        strip.setAttribute("aria-label", _("puzzles so far"));
        for (const r of s.results) {
          const item = h("li", `tt-rush-${r.ok ? "ok" : "miss"}`, r.ok ? "✓" : "✗");
          // Translators: a puzzle of the rush, after its stars (its difficulty).
          const said = r.ok ? _("solved")
            // Translators: a puzzle of the rush, after its stars (its difficulty).
            : _("missed");
          item.title = `${"★".repeat(r.stars)} ${said}`;
          strip.appendChild(item);
        }
        root.appendChild(strip);
      }
      if (s.note && s.phase === "running") {
        const note = h("div", "tt-rush-note", s.note);
        note.dataset.testid = "rush-note";
        note.setAttribute("role", "status");
        root.appendChild(note);
      }
      if (s.summary) {
        const end = h("div", `tt-rush-summary${s.new_best ? " tt-rush-best" : ""}`, s.summary);
        end.dataset.testid = "rush-summary";
        end.setAttribute("role", "status");
        root.appendChild(end);
      }
      const err = sentence(model.get("error"));
      if (err) {
        const e = h("div", "tt-puzzle-error", err);
        e.dataset.testid = "rush-error";
        root.appendChild(e);
      }
      tick();
    }

    const events = ["change:state", "change:error", "change:four_colour"];
    for (const e of events) model.on(e, draw);
    draw();
    timer = window.setInterval(tick, 250);
    return () => {
      window.clearInterval(timer);
      for (const e of events) model.off(e, draw);
      root.remove();
    };
  },
};
