/**
 * Two places where happy-dom parts from browsers and DOMPurify relies on the browser behaviour. Without these
 * shims DOMPurify would sanitise nothing in screen tests; with them, the tests check the real sanitiser. Import
 * this module before the first sanitised render.
 *
 * 1. happy-dom answers `nodeName` only through the getters of Element, Text and the like, while its
 *    Node.prototype getter returns ''. DOMPurify reads it through Node.prototype, as browsers allow.
 * 2. happy-dom's NodeIterator loses its place when the node it returned last is removed (DOMPurify removes a
 *    <script> and would then stop, leaving the rest of the markup unchecked). Browsers move the iterator to the
 *    node that preceded the removed one (DOM standard, "NodeIterator pre-removing steps").
 */

const nodeGetter = Object.getOwnPropertyDescriptor(Node.prototype, 'nodeName')?.get;
if (nodeGetter && nodeGetter.call(document.createElement('p')) === '') {
  Object.defineProperty(Node.prototype, 'nodeName', {
    configurable: true,
    get(this: Node) {
      for (
        let proto = Object.getPrototypeOf(this);
        proto && proto !== Node.prototype;
        proto = Object.getPrototypeOf(proto)
      ) {
        const getter = Object.getOwnPropertyDescriptor(proto, 'nodeName')?.get;
        if (getter) return getter.call(this) as string;
      }
      return nodeGetter.call(this) as string;
    },
  });
}

/** The node after `node` in tree order within `root`, entering its children when `enterChildren`. */
function following(node: Node, root: Node, enterChildren = true): Node | null {
  if (enterChildren && node.firstChild) return node.firstChild;
  for (let current: Node | null = node; current && current !== root; current = current.parentNode) {
    if (current.nextSibling) return current.nextSibling;
  }
  return null;
}

/** The node before `node` in tree order: the deepest last descendant of its previous sibling, or its parent. */
function preceding(node: Node): Node | null {
  let current = node.previousSibling;
  if (!current) return node.parentNode;
  while (current.lastChild) current = current.lastChild;
  return current;
}

const isWithin = (node: Node, root: Node) => node === root || root.contains(node);

/** The prototype that holds the document's createNodeIterator (happy-dom builds a class chain per window). */
let owner: object | null = document;
while (owner && !Object.prototype.hasOwnProperty.call(owner, 'createNodeIterator'))
  owner = Object.getPrototypeOf(owner);

(owner as Document).createNodeIterator = function createNodeIterator(
  this: Document,
  root: Node,
  whatToShow = 0xffffffff,
  filter: NodeFilter | null = null,
): NodeIterator {
  let reference: Node | null = null;
  let beforeReference: Node | null = null;
  const accepts = (node: Node) => {
    if (!(whatToShow & (1 << (node.nodeType - 1)))) return false;
    if (!filter) return true;
    const verdict = typeof filter === 'function' ? filter(node) : filter.acceptNode(node);
    return verdict === NodeFilter.FILTER_ACCEPT;
  };
  const nextFrom = (start: Node | null, includeStart: boolean): Node | null => {
    let candidate = start === null ? root : includeStart ? start : following(start, root);
    while (candidate && isWithin(candidate, root) && !accepts(candidate)) candidate = following(candidate, root);
    return candidate && isWithin(candidate, root) ? candidate : null;
  };
  return {
    root,
    whatToShow,
    filter,
    get referenceNode() {
      return reference ?? root;
    },
    pointerBeforeReferenceNode: false,
    nextNode() {
      let start: Node | null = reference;
      // The last node returned was removed meanwhile: go on from what preceded it when it was returned.
      if (reference && !isWithin(reference, root)) start = beforeReference;
      const next = nextFrom(start, start === null);
      if (next) {
        reference = next;
        beforeReference = preceding(next);
      }
      return next;
    },
    previousNode() {
      throw new Error('previousNode is not emulated');
    },
    detach() {},
  } as NodeIterator;
};

export {};
