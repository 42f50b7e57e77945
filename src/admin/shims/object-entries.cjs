// node-polyglot (ra-i18n-polyglot's engine) requires the `object.entries` polyfill, which brings a
// dozen ES-shim packages (get-intrinsic, define-properties, ...: about 5 KB gzip) into the first
// screen. Every browser the admin supports has Object.entries: vite.config.ts points the package here.
module.exports = function entries(value) {
  return Object.entries(value);
};
