// A line diff for the Listing view's "Show diff": what the student changed
// in the seed's listing. Listings are short (tens of lines), so the
// longest common subsequence by a full table is cheap and gives the
// smallest diff, with no library.

// lineDiff returns [{op: ' ' | '-' | '+', text, a, b}]: a line of both
// texts, only of the old one (removed) or only of the new one (added);
// a and b are its line numbers (from 1) in the old and new text.
export function lineDiff(oldText, newText) {
  const A = split(oldText);
  const B = split(newText);
  // L[i][j]: the longest common subsequence of A[i:] and B[j:].
  const L = Array.from({ length: A.length + 1 }, () => new Uint16Array(B.length + 1));
  for (let i = A.length - 1; i >= 0; i--) {
    for (let j = B.length - 1; j >= 0; j--) {
      L[i][j] = A[i] === B[j] ? L[i + 1][j + 1] + 1 : Math.max(L[i + 1][j], L[i][j + 1]);
    }
  }
  const out = [];
  let i = 0;
  let j = 0;
  while (i < A.length || j < B.length) {
    if (i < A.length && j < B.length && A[i] === B[j]) {
      out.push({ op: ' ', text: A[i], a: ++i, b: ++j });
    } else if (i < A.length && (j === B.length || L[i + 1][j] >= L[i][j + 1])) {
      out.push({ op: '-', text: A[i], a: ++i });
    } else {
      out.push({ op: '+', text: B[j], b: ++j });
    }
  }
  return out;
}

const split = (t) => t.replace(/\n+$/, '').split('\n');
