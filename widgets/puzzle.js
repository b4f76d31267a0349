// PuzzlePanel: the puzzle's title, prompt and goal, whether the goal is still within
// reach, the hints asked for, the puzzles due for review, and the buttons (hint, undo,
// retry, solution, next, a generated puzzle; a timed drill's board has none of them).
// It draws only its synced `state`; Python checks every request.

/**
 * @typedef {{
 *   id: string, title: string, theme: string, difficulty: number, prompt: string,
 *   goal: string, status: string, outcome: "solved" | "failed" | null, reachable: boolean,
 *   hints: string[], can_hint: boolean, can_undo: boolean, explanation: string,
 *   replaying: boolean, next: boolean, result: string | null, story: string[],
 *   lesson: boolean, hint_label: string, result_words: string, drill: boolean,
 *   generate: boolean, due_words: string, review: boolean, counting: string,
 *   line_note: string, line: string,
 * }} PanelState
 * @typedef {{
 *   get(name: string): any, send(content: object): void,
 *   on(event: string, cb: Function): void, off(event: string, cb: Function): void,
 * }} Model
 */

// The hints' names, each with its colon (a translation may space it as its language does).
const HINT_NAMES = [N_("The idea:"), N_("The suit:"), N_("The card:"), N_("The whole line:")];

export default {
  /** @param {{model: Model, el: HTMLElement}} ctx */
  render({ model, el }) {
    const root = h("div", "trix-tutor tt-puzzle");
    el.appendChild(root);

    /**
     * @param {string} label
     * @param {string} type
     * @param {boolean} enabled
     * @param {string} [cls]
     */
    function button(label, type, enabled, cls) {
      const b = /** @type {HTMLButtonElement} */ (h("button", `tt-btn${cls ? ` ${cls}` : ""}`, label));
      b.type = "button";
      b.dataset.testid = `puzzle-${type}`;
      b.disabled = !enabled;
      b.addEventListener("click", () => model.send({ type }));
      return b;
    }

    function draw() {
      /** @type {PanelState} */
      const s = model.get("state") || {};
      root.replaceChildren();
      root.classList.toggle("four-colour", !!model.get("four_colour"));
      if (!s.title) return;
      root.dataset.puzzleId = s.id;
      const head = h("div", "tt-puzzle-head");
      const meta = h("span", "tt-puzzle-meta",
        // Translators: on a lesson's table, above a deal the learner plays.
        s.lesson ? _("Try it") : `${s.theme} · ${"★".repeat(s.difficulty)}`);
      if (s.review) {
        // Translators: a tag on a puzzle that came back for review (spaced repetition).
        const tag = h("span", "tt-review-tag", _("Review"));
        tag.dataset.testid = "puzzle-review";
        meta.prepend(tag, " ");
      }
      head.append(h("span", "tt-puzzle-title", s.title), meta);
      root.appendChild(head);
      if (s.due_words) {
        const due = h("div", "tt-due", s.due_words);
        due.dataset.testid = "puzzle-due";
        root.appendChild(due);
      }
      const prompt = h("p", "tt-puzzle-prompt", s.prompt);
      prompt.dataset.testid = "puzzle-prompt";
      root.appendChild(prompt);
      if (s.counting) {  // rated or practice: how this puzzle counts, before it is played
        const counting = h("p", "tt-counting", s.counting);
        counting.dataset.testid = "puzzle-counting";
        root.appendChild(counting);
      }
      const status = h("div", "tt-puzzle-status", s.status);
      status.dataset.testid = "puzzle-status";
      status.setAttribute("role", "status");
      status.setAttribute("aria-live", "polite");
      if (s.outcome) status.classList.add(`tt-${s.outcome}`);
      else if (s.reachable) status.classList.add("tt-ok");
      root.appendChild(status);
      if (s.story && s.story.length) {
        const story = h("ul", "tt-story");
        story.dataset.testid = "puzzle-story";
        for (const line of s.story) story.appendChild(h("li", "", line));
        root.appendChild(story);
      }
      const err = sentence(model.get("error"));
      if (err) {
        const e = h("div", "tt-puzzle-error", err);
        e.dataset.testid = "puzzle-error";
        root.appendChild(e);
      }
      if (s.hints && s.hints.length) {
        const list = h("ol", "tt-hints");
        list.dataset.testid = "puzzle-hints";
        s.hints.forEach((text, i) => {
          const item = h("li", "tt-hint");
          const name = HINT_NAMES[i] ? _(HINT_NAMES[i]) : _("Hint:");
          item.append(h("b", "", `${name} `), document.createTextNode(text));
          list.appendChild(item);
        });
        root.appendChild(list);
      }
      if (s.line_note) {  // the defence left the whole line shown: the line from now
        const again = h("div", "tt-line-again");
        again.dataset.testid = "puzzle-line";
        again.append(h("b", "", s.line_note));
        if (s.line) again.append(document.createTextNode(` ${s.line}`));
        root.appendChild(again);
      }
      const bar = h("div", "tt-buttons");
      const level = (s.hints || []).length;
      if (!s.drill) {  // a timed drill: no help, no going back
        bar.append(
          button(s.hint_label || (level ? _("Another hint ({n} of 4)", { n: level + 1 })
            // Translators: the button that asks for a hint in a puzzle.
            : _("Hint")), "hint", s.can_hint),
          // Translators: a puzzle's button: take back your last card.
          button(_("Undo"), "undo", s.can_undo),
          // Translators: a puzzle's button: start the puzzle again.
          button(_("Retry"), "retry", !s.replaying),
          button(_("Show solution"), "solution", !s.replaying),
        );
      }
      if (s.next) bar.appendChild(button(_("Next puzzle"), "next", !s.replaying, "tt-next"));
      if (s.generate) {
        bar.appendChild(button(_("New puzzle (generated)"), "generate", !s.replaying));
      }
      if (bar.childNodes.length) root.appendChild(bar);
      if (s.explanation) {
        const ex = h("div", "tt-explanation");
        ex.dataset.testid = "puzzle-explanation";
        ex.append(h("b", "", _("The key idea:") + " "), document.createTextNode(s.explanation));
        root.appendChild(ex);
      }
      if (s.result_words) {  // Python's words: the outcome the rating and table count
        const more = s.outcome === "failed" && !s.explanation
          ? " " + _("You can still play it out, or take the card back.") : "";
        const r = h("div", "tt-result-note", `${s.result_words}${more}`);
        r.dataset.testid = "puzzle-result";
        root.appendChild(r);
      }
    }

    return redrawOn(model, ["change:state", "change:error", "change:four_colour"], draw, root);
  },
};
