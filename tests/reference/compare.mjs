// Compares the core's results (CLI or WASM) with the reference implementation's, field by field.
// Returns a list of differences, each naming the path, so a failure says exactly what disagrees.

const METRIC_FIELDS = {
  nfairr: ['value', 'fairr', 'ifairr', 'baseline', 'omega', 'atCutoff'],
  texfair: ['value', 'normalized', 'ted', 'rbdf', 'share', 'atCutoff'],
  dips: ['value', 'mAB', 'mBA', 'atCutoff'],
  ree: ['value', 'mAB', 'mBA', 'atCutoff'],
  igi: ['value', 'mAB', 'mBA', 'atCutoff'],
  ee: ['value', 'l1', 'deltaA', 'deltaB', 'targetShare', 'exposureShare', 'atCutoff'],
  ea: ['value', 'l1', 'deltaA', 'deltaB', 'targetShare', 'exposureShare', 'atCutoff'],
  eadp: ['value', 'l1', 'deltaA', 'deltaB', 'targetShare', 'exposureShare', 'atCutoff'],
  cwex: ['value', 'exposure', 'deltaExposure', 'atCutoff'],
  awrf: ['value', 'distribution', 'atCutoff'],
  rab: ['value', 'magnitude', 'tc', 'tf', 'bool', 'atCutoff'],
  arab: ['value', 'magnitude', 'tc', 'tf', 'bool', 'atCutoff'],
  ndkl: ['value', 'target', 'atCutoff'],
  ndcg: ['value', 'atCutoff'],
};

function close(a, b, tolerance) {
  return Math.abs(a - b) <= tolerance * Math.max(1, Math.abs(a), Math.abs(b));
}

function diff(actual, expected, path, tolerance, out) {
  if (expected === null || actual === null || expected === undefined || actual === undefined) {
    if (actual !== expected) out.push(`${path}: got ${JSON.stringify(actual)}, reference ${JSON.stringify(expected)}`);
  } else if (typeof expected === 'number') {
    if (typeof actual !== 'number' || !close(actual, expected, tolerance)) out.push(`${path}: got ${actual}, reference ${expected}`);
  } else if (typeof expected !== 'object') {
    if (actual !== expected) out.push(`${path}: got ${JSON.stringify(actual)}, reference ${JSON.stringify(expected)}`);
  } else if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length)
      out.push(`${path}: got length ${actual?.length}, reference ${expected.length}`);
    else expected.forEach((e, i) => diff(actual[i], e, `${path}[${i}]`, tolerance, out));
  } else {
    for (const key of Object.keys(expected)) diff(actual?.[key], expected[key], `${path}.${key}`, tolerance, out);
  }
}

/** Differences between `results` (the core's) and `reference` (evaluateReference's), at most `tolerance` apart. */
export function compareWithReference(results, reference, tolerance = 1e-9) {
  const out = [];
  if (results.rankings.length !== reference.rankings.length) {
    out.push(`rankings: got ${results.rankings.length}, reference ${reference.rankings.length}`);
    return out;
  }
  reference.rankings.forEach((ref, r) => {
    const got = results.rankings[r];
    if (got.name !== ref.name) out.push(`rankings[${r}].name: got ${got.name}, reference ${ref.name}`);
    for (const [metric, fields] of Object.entries(METRIC_FIELDS))
      for (const field of fields) diff(got[metric]?.[field], ref[metric][field], `rankings[${r}].${metric}.${field}`, tolerance, out);
  });
  return out;
}
