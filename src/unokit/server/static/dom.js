// Small DOM helpers: build an element, and patch a list of children in place by key, so that
// nodes (and the keyboard focus on them) survive every state frame.

export const $ = (sel) => document.querySelector(sel);

export function el(tag, props = {}, ...kids) {
  const node = document.createElement(tag);
  setProps(node, props);
  for (const kid of kids) if (kid !== null && kid !== undefined) node.append(kid);
  return node;
}

export function setProps(node, props) {
  for (const [k, v] of Object.entries(props)) {
    if (k === "class") { if (node.className !== v) node.className = v; }
    else if (k === "text") { if (node.textContent !== v) node.textContent = v; }
    else if (k === "html") { if (node.innerHTML !== v) node.innerHTML = v; }
    else if (k.startsWith("data-") || k.startsWith("aria-") || k === "role" || k === "style") {
      if (v === null || v === false) node.removeAttribute(k);
      else if (node.getAttribute(k) !== String(v)) node.setAttribute(k, v);
    } else node[k] = v;
  }
}

/**
 * Make `box`'s children the nodes for `items`, in order, keyed by `key(item)`: a node whose key
 * is still there is kept (and updated), new keys are created, gone keys removed.
 */
export function keyed(box, items, key, create, update) {
  const old = new Map();
  for (const child of box.children) if (child.dataset.key !== undefined) old.set(child.dataset.key, child);
  const focused = document.activeElement;
  let lostFocus = false;
  const nodes = items.map((item, i) => {
    const k = String(key(item, i));
    let node = old.get(k);
    if (node) old.delete(k);
    else { node = create(item, i); node.dataset.key = k; }
    update(node, item, i);
    return node;
  });
  for (const node of old.values()) {
    if (node.contains(focused)) lostFocus = true;
    node.remove();
  }
  nodes.forEach((node, i) => { if (box.children[i] !== node) box.insertBefore(node, box.children[i] || null); });
  return lostFocus;
}
