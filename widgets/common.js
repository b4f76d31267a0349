// Shared by every widget module of the tutor: widgets/_base.py puts this file in front of
// each widget's own module. anywidget loads a module from a string (as a blob: URL), so a
// relative `import` would have nothing to resolve against; one source concatenated in
// Python works the same in Voila and on the static site. Plain declarations, no exports:
// a widget module must not declare these names again.

/**
 * The page's words in the learner's language, from the widget's `words` trait
 * (widgets/js_words.py): `messages` (a translation for each message that has one) and
 * `plural` (how many forms, and the catalog's rule). Empty in English: every text reads as
 * written.
 */
let WORDS = { messages: {}, forms: 2, plural: (/** @type {number} */ n) => (n !== 1 ? 1 : 0) };

/**
 * Take the words a widget carries (every widget, when drawn: widgets/_base.py).
 * @param {{get(n: string): any}} model
 */
function useWords(model) {
  const w = model.get("words") || {};
  let plural = WORDS.plural;
  let forms = 2;
  // The catalog's rule is a C expression over n (e.g. "n%10==1 && n%100!=11 ? 0 : 1"),
  // which reads the same in JavaScript: only such characters are let through.
  if (Array.isArray(w.plural) && /^[n0-9\s()!=<>%&|?:+\-]*$/.test(w.plural[1])) {
    forms = w.plural[0];
    plural = /** @type {(n: number) => number} */ (
      new Function("n", `return Number(${w.plural[1]});`));
  }
  WORDS = { messages: w.messages || {}, forms, plural };
}

/**
 * Put named values into a text: "{n} of 4" with {n: 2} is "2 of 4" (as Python's format).
 * @param {string} text
 * @param {Record<string, any>} [fields]
 * @returns {string}
 */
function fill(text, fields) {
  if (!fields) return text;
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in fields ? String(fields[k]) : m));
}

/**
 * A message in the learner's language, marked for Babel (`make pot`), with its named
 * values put in: `_("{n} of 4", {n})`. Written out where it is said, never built.
 * @param {string} text
 * @param {Record<string, any>} [fields]
 * @returns {string}
 */
function _(text, fields) {
  const said = WORDS.messages[text];
  return fill(typeof said === "string" ? said : text, fields);
}

/**
 * A counted message: the form for `n` in the learner's language (some have more than two),
 * with `n` and the other values put in: `ngettext("{n} trick", "{n} tricks", n)`.
 * @param {string} one
 * @param {string} many
 * @param {number} n
 * @param {Record<string, any>} [fields]
 * @returns {string}
 */
function ngettext(one, many, n, fields) {
  const forms = WORDS.messages[`${one}\u0000${many}`];
  const text = Array.isArray(forms) ? (forms[WORDS.plural(n)] ?? forms[forms.length - 1])
    : n === 1 ? one : many;
  return fill(text, { n, ...fields });
}

/**
 * Marks a message kept in a table for Babel; `_` says it in the learner's language where it
 * is used: `_(CONTRACT_TITLE[c])`.
 * @param {string} text
 * @returns {string}
 */
function N_(text) { return text; }

const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_NAME = {
  // Translators: a suit's name, as in "♠ spades" and "queen of spades".
  S: N_("spades"),
  // Translators: a suit's name, as in "♥ hearts" and "queen of hearts".
  H: N_("hearts"),
  // Translators: a suit's name, as in "♦ diamonds" and "queen of diamonds".
  D: N_("diamonds"),
  // Translators: a suit's name, as in "♣ clubs" and "queen of clubs".
  C: N_("clubs"),
};
const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"];
const RANK_NAME = {
  // Translators: a card's rank, as in "ace of spades".
  A: N_("ace"),
  // Translators: a card's rank, as in "king of spades".
  K: N_("king"),
  // Translators: a card's rank, as in "queen of spades".
  Q: N_("queen"),
  // Translators: a card's rank, as in "jack of spades".
  J: N_("jack"),
  T: "10", 9: "9", 8: "8", 7: "7", 6: "6", 5: "5", 4: "4", 3: "3", 2: "2",
};
const CONTRACT_TITLE = {
  // Translators: a Trix contract's name (whoever takes the king of hearts loses points).
  king: N_("King of Hearts"),
  // Translators: a Trix contract's name (each queen taken loses points).
  queens: N_("Queens"),
  // Translators: a Trix contract's name (each diamond taken loses points).
  diamonds: N_("Diamonds"),
  // Translators: a Trix contract's name (each trick taken loses points).
  ltoosh: N_("Ltoosh"),
  // Translators: a Trix contract's name (the cards are laid out in rows from the jacks).
  trex: N_("Trex"),
};
/** Where room is short (a combined contract, a phone's score sheet). */
const CONTRACT_SHORT = {
  king: "K♥", queens: CONTRACT_TITLE.queens, diamonds: CONTRACT_TITLE.diamonds,
  ltoosh: CONTRACT_TITLE.ltoosh, trex: CONTRACT_TITLE.trex,
};

/**
 * A card's name for a title or a screen reader: "queen of spades", or "Q of spades" where
 * the rank is drawn as its letter.
 * @param {string} rank a rank as said: its name (in the learner's language) or letter
 * @param {string} suit "S", "H", "D" or "C"
 * @returns {string}
 */
function cardName(rank, suit) {
  // Translators: a card's name: "queen of spades", "10 of hearts", "J of clubs".
  return _("{rank} of {suit}", { rank, suit: _(SUIT_NAME[suit] || suit) });
}
/**
 * What a learner reads for a deal's contract(s), as tutor.engine.trix.contracts.contracts_title
 * says it: the four trick contracts together are "Trix Complex" (RULES.md A8), fewer are
 * joined in the rules' order (short titles where room is short).
 * @param {string[]} parts e.g. ["king", "queens"]
 * @param {boolean} [short]
 * @returns {string}
 */
function contractTitle(parts, short) {
  const order = Object.keys(CONTRACT_TITLE);
  if (["king", "queens", "diamonds", "ltoosh"].every((c) => parts.includes(c))
      // Translators: the four trick contracts of Trix played together in one deal.
      && parts.length === 4) return _("Trix Complex");
  const named = [...parts].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  const table = short ? CONTRACT_SHORT : CONTRACT_TITLE;
  return named.map((x) => (table[x] ? _(table[x]) : x)).join(" + ");
}
/** One colour AND one dash pattern per seat, the same in every chart. */
const COLOURS = ["#1a73e8", "#d93025", "#188038", "#e37400", "#9334e6", "#007b83", "#b06000",
  "#5f6368"];
const DASHES = ["", "6 3", "2 3", "8 3 2 3", "1 2", "10 4", "4 4", "6 2 2 2"];
const SVG = "http://www.w3.org/2000/svg";

/**
 * Make an element with a class and optional text.
 * @param {string} tag
 * @param {string} [cls]
 * @param {string} [text]
 * @returns {HTMLElement}
 */
function h(tag, cls, text) {
  const el = document.createElement(tag);
  if (cls) el.className = cls;
  if (text !== undefined) el.textContent = text;
  return el;
}

/**
 * Make an SVG element with its attributes.
 * @param {string} tag
 * @param {Record<string, string | number>} attrs
 * @returns {SVGElement}
 */
function sv(tag, attrs) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/**
 * "QS" -> "Q♠", "TH" -> "10♥", "X" -> "joker".
 * @param {string} card
 * @returns {string}
 */
function cardLabel(card) {
  // Translators: the joker, a card.
  if (card === "X") return _("joker");
  const r = card.slice(0, -1);
  return `${r === "T" ? "10" : r}${SUIT_SYMBOL[card.slice(-1)] || "?"}`;
}

/**
 * A refusal or an error shown as a sentence: its first letter a capital ("you must follow
 * suit: …" comes from the engine, where it is an exception's text).
 * @param {string | null | undefined} text
 * @returns {string}
 */
function sentence(text) {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : "";
}

/**
 * A number as a learner reads it: a real minus sign ("−5"), as Python's words write it.
 * @param {number | null | undefined} v
 * @returns {string}
 */
function num(v) {
  if (v === null || v === undefined) return "";
  return v < 0 ? `−${-v}` : String(v);
}

/**
 * A change of score with its sign: "+10", "−5", "0"; "" for none.
 * @param {number | null | undefined} v
 * @returns {string}
 */
function signed(v) {
  if (v === null || v === undefined) return "";
  return v > 0 ? `+${v}` : num(v);
}

/**
 * Draw now and again on each of the model's `events`; returns the cleanup anywidget calls
 * when the view goes (stop listening, take the widget's root away). For the widgets whose
 * only listeners are their redraws.
 * @param {{on(event: string, cb: Function): void, off(event: string, cb: Function): void}} model
 * @param {string[]} events e.g. ["change:state", "change:four_colour"]
 * @param {() => void} draw
 * @param {HTMLElement} root
 * @returns {() => void}
 */
function redrawOn(model, events, draw, root) {
  for (const e of events) model.on(e, draw);
  draw();
  return () => {
    for (const e of events) model.off(e, draw);
    root.remove();
  };
}

// --- Keyboard focus across redraws ---------------------------------------------------------
// A widget redraws by replacing its children, so the focused button goes and the browser
// drops the focus to the page: a keyboard user would Tab through the page to come back.
// The parts of one game (table, bid panel) share a focus scope, the box around them: focus
// lost from one part is taken up by the part where the learner acts next.

/**
 * @param {HTMLElement} root
 * @returns {HTMLElement}
 */
function focusScope(root) {
  return /** @type {HTMLElement | null} */ (
    root.closest(".tt-game, .tt-puzzle-board, .tt-review-board")) || root;
}

/** @returns {boolean} true when no element has the focus (it fell back to the page). */
function focusIsLost() {
  const a = document.activeElement;
  return !a || a === document.body || a === document.documentElement || !a.isConnected;
}

/**
 * After a redraw: put the focus on `home` (where the learner acts next in this widget) if
 * the focus was lost from this game (here or in another of its parts), or if `claim` (the
 * learner's turn just moved to this widget) and the focus is elsewhere in the game.
 * @param {HTMLElement} root the widget's root element
 * @param {boolean} had whether the focus was in `root` before the redraw
 * @param {HTMLElement | null} home
 * @param {boolean} claim
 */
function settleFocus(root, had, home, claim) {
  const scope = focusScope(root);
  if (had && focusIsLost()) scope.dataset.ttFocusLost = "1";
  const a = document.activeElement;
  // Only from another part of the game, never from the page's own controls (a level choice).
  const inPart = !focusIsLost() && a instanceof HTMLElement && scope.contains(a)
    && !!a.closest(".tt-table, .tt-panel");
  // Once the learner has acted in the game by keyboard or click, a new decision also takes
  // a focus that fell to the page by a path no part saw (a part drawn anew, not redrawn).
  if (had || inPart) scope.dataset.ttEngaged = "1";
  if (!home || !home.isConnected) return;
  const lost = focusIsLost() && (scope.dataset.ttFocusLost === "1"
    || (claim && scope.dataset.ttEngaged === "1"));
  if (lost || (claim && inPart && a !== home)) {
    home.focus({ preventScroll: true });
    delete scope.dataset.ttFocusLost;
  }
}

const LEARNER_KEY = "trix-tutor-learner";


/**
 * This browser's learner id: 32 random hex digits kept in local storage (made once, never
 * shown). Without storage (a private window) it lasts as long as the page.
 * @returns {string}
 */
function learnerId() {
  let id = null;
  try { id = window.localStorage.getItem(LEARNER_KEY); } catch (_e) { /* no storage */ }
  if (!id || !/^[0-9a-f]{32}$/.test(id)) {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    id = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    try { window.localStorage.setItem(LEARNER_KEY, id); } catch (_e) { /* no storage */ }
  }
  return id;
}

/**
 * Tell the kernel who the learner is and which page this is (every widget does, on its
 * first view: widgets/_base.py wraps each module's render with this).
 * @param {{get(n: string): any, set(n: string, v: any): void, save_changes(): void}} model
 */
function hello(model) {
  // A page closed or left right after opening has let its kernel go: nothing can be sent.
  const kernel = model.widget_manager && model.widget_manager.kernel;
  if (model.get("learner")
      || (kernel && (kernel.isDisposed || kernel.connectionStatus === "disconnected"))) return;
  model.set("learner", learnerId());
  model.set("page", window.location.pathname);
  model.save_changes();
}

/**
 * The bids so far against the tricks there are: "7 for 6 tricks · 1 over" once all have
 * bid (someone must miss), never "7 of 6".
 * @param {(number | null)[]} bids
 * @param {number} tricks
 * @returns {string}
 */
function bidsText(bids, tricks) {
  const sum = bids.reduce((a, b) => a + (b || 0), 0);
  // Translators: the bids added up, against the tricks of the hand: "7 for 6 tricks".
  const text = ngettext("{sum} for {n} trick", "{sum} for {n} tricks", tricks, { sum });
  if (bids.some((b) => b == null) || sum === tricks) return text;
  const off = Math.abs(sum - tricks);
  // Translators: the bids added up against the tricks, and by how many they miss.
  return sum > tricks ? _("{bids} · {n} over", { bids: text, n: off })
    : _("{bids} · {n} under", { bids: text, n: off });
}
