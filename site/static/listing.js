// The pseudocode view: the algorithm's listing with each node's current
// step marked.
import { h } from './views.js';

export function drawListing(box) {
  box.replaceChildren(h('p', { class: 'muted' }, 'No listing yet.'));
}
