// Quiz: questions with choice buttons. Python checks each pick and sends back the
// feedback; the right answer is known here only once it has been found.

/**
 * @typedef {{ id: string, text: string, choices: string[], picked: number[],
 *   right: number | null, feedback: string }} Item
 * @typedef {{ title: string, questions: Item[], summary: string }} QuizState
 * @typedef {{
 *   get(name: string): any, send(content: object): void,
 *   on(event: string, cb: Function): void, off(event: string, cb: Function): void,
 * }} Model
 */

export default {
  /** @param {{model: Model, el: HTMLElement}} ctx */
  render({ model, el }) {
    const root = h("div", "trix-tutor tt-quiz");
    root.dataset.testid = "quiz";
    el.appendChild(root);

    function draw() {
      /** @type {QuizState} */
      const s = model.get("state") || {};
      root.replaceChildren();
      if (!s.questions) return;
      root.appendChild(h("div", "tt-quiz-title", s.title));
      s.questions.forEach((q, i) => {
        const box = h("div", "tt-quiz-q");
        box.dataset.questionId = q.id;
        // Translators: a question of a check, numbered: "1. Who wins the trick?"
        const text = _("{n}. {question}", { n: i + 1, question: q.text });
        box.appendChild(h("p", "tt-quiz-text", text));
        const row = h("div", "tt-quiz-choices");
        q.choices.forEach((label, j) => {
          const b = /** @type {HTMLButtonElement} */ (h("button", "tt-quiz-choice", label));
          b.type = "button";
          b.dataset.testid = "quiz-choice";
          if (q.right === j) b.classList.add("tt-right");
          else if (q.picked.includes(j)) b.classList.add("tt-wrong");
          // != null: in the browser's Python (Pyodide) a None arrives as undefined.
          b.disabled = q.right != null || q.picked.includes(j);
          b.setAttribute("aria-pressed", String(q.picked.includes(j)));
          b.addEventListener("click", () => model.send({ type: "answer", question: i, choice: j }));
          row.appendChild(b);
        });
        box.appendChild(row);
        if (q.feedback) {
          const f = h("div", `tt-quiz-feedback ${q.right != null ? "tt-right" : "tt-wrong"}`,
            q.feedback);
          f.dataset.testid = "quiz-feedback";
          f.setAttribute("role", "status");
          box.appendChild(f);
        }
        root.appendChild(box);
      });
      const err = sentence(model.get("error"));
      if (err) root.appendChild(h("div", "tt-quiz-error", err));
      if (s.summary) {
        const sum = h("div", "tt-quiz-summary", s.summary);
        sum.dataset.testid = "quiz-summary";
        root.appendChild(sum);
      }
    }

    return redrawOn(model, ["change:state", "change:error"], draw, root);
  },
};
