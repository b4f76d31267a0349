// Draws a widget module in node with a small stand-in DOM and prints what it shows:
// `node render.mjs <module.mjs> <traits.json>` -> JSON {text, nodes: [[tag, class, text,
// title, attributes]]}. Enough for words, titles and attributes (no layout: the browser tests).
import { readFileSync } from "node:fs";

class ClassList {
  constructor(el) { this.el = el; }
  get list() { return this.el.className.split(/\s+/).filter(Boolean); }
  add(...c) { this.el.className = [...new Set([...this.list, ...c])].join(" "); }
  remove(...c) { this.el.className = this.list.filter((x) => !c.includes(x)).join(" "); }
  contains(c) { return this.list.includes(c); }
  toggle(c, on) {
    const want = on === undefined ? !this.contains(c) : !!on;
    if (want) this.add(c); else this.remove(c);
    return want;
  }
}

class Element {
  constructor(tag) {
    this.tagName = tag.toUpperCase(); this.children = []; this.className = ""; this.text = "";
    this.attributes = {}; this.dataset = {}; this.title = ""; this.parent = null;
    this.classList = new ClassList(this);
    this.style = { setProperty() {} };
    this.clientWidth = 640;
  }
  get textContent() { return this.text + this.children.map((c) => c.textContent).join(""); }
  set textContent(t) { this.children = []; this.text = String(t); }
  get innerText() { return this.textContent; }
  get childNodes() { return this.children; }
  // As in a browser, `disabled` is the attribute: a disabled button shows in the attributes.
  get disabled() { return "disabled" in this.attributes; }
  set disabled(on) { if (on) this.attributes.disabled = ""; else delete this.attributes.disabled; }
  append(...xs) {
    for (const x of xs) {
      const node = typeof x === "string" ? Object.assign(new Element("#text"), { text: x }) : x;
      node.parent = this; this.children.push(node);
    }
  }
  appendChild(x) { this.append(x); return x; }
  prepend(...xs) { const old = this.children; this.children = []; this.append(...xs); this.children.push(...old); }
  replaceChildren(...xs) { this.children = []; this.text = ""; this.append(...xs); }
  remove() { if (this.parent) this.parent.children = this.parent.children.filter((c) => c !== this); }
  setAttribute(k, v) { this.attributes[k] = String(v); }
  getAttribute(k) { return this.attributes[k] ?? null; }
  removeAttribute(k) { delete this.attributes[k]; }
  addEventListener() {} removeEventListener() {}
  querySelector() { return null; } querySelectorAll() { return []; }
  contains() { return false; } closest() { return null; } focus() {} scrollIntoView() {}
  getBoundingClientRect() { return { top: 0, left: 0, width: 640, height: 400, right: 640, bottom: 400 }; }
}

const document = {
  createElement: (t) => new Element(t), createElementNS: (_ns, t) => new Element(t),
  createTextNode: (t) => Object.assign(new Element("#text"), { text: t }),
  activeElement: null, addEventListener() {}, removeEventListener() {},
};
document.body = new Element("body");
Object.assign(globalThis, { document, HTMLElement: Element, SVGElement: Element,
  window: { location: { pathname: "/test" }, addEventListener() {}, removeEventListener() {},
    matchMedia: () => ({ matches: false }), setInterval: () => 0, clearInterval() {} },
  localStorage: { getItem: () => "learner", setItem() {} },
  requestAnimationFrame: (f) => setTimeout(f, 0), MutationObserver: class { observe() {} disconnect() {} },
  ResizeObserver: class { observe() {} disconnect() {} } });

// With several traits files (one widget at several moments), a JSON list, one drawing each.
const [mod, ...traitsFiles] = process.argv.slice(2);
const m = await import(new URL(`file://${mod}`));

function draw(traitsFile) {
  const traits = JSON.parse(readFileSync(traitsFile, "utf-8"));
  traits.learner ||= "learner";
  const model = { get: (k) => traits[k], set: (k, v) => { traits[k] = v; }, save_changes() {},
    on() {}, off() {}, send() {} };
  const el = new Element("div");
  m.default.render({ model, el });
  const nodes = [];
  (function walk(e) {
    // The sixth: the element's own words (its text and its text nodes), not its children's.
    const own = e.text + e.children.filter((c) => c.tagName === "#TEXT").map((c) => c.text).join("");
    if (e.tagName !== "#TEXT") nodes.push([e.tagName.toLowerCase(), e.className, e.textContent, e.title || e.attributes.title || "", e.attributes, own]);
    e.children.forEach(walk);
  })(el);
  return { text: el.textContent, nodes };
}

const drawings = traitsFiles.map(draw);
process.stdout.write(JSON.stringify(traitsFiles.length === 1 ? drawings[0] : drawings));
