// Stands in for Node built-ins in the page bundles (src/report/bundle.ts): the game modules import
// them for their file paths, which a page never calls. Any property is a function that says so.
module.exports = new Proxy({}, { get: (_, k) => (k === '__esModule' ? false : () => { throw new Error('not available in a page: ' + String(k)); }) });
