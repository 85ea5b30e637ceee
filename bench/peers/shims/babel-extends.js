// @algolia/recommend-js imports @babel/runtime/helpers/extends without declaring
// it, so npm does not install it. Babel's helper is Object.assign under another
// name (about 150 bytes minified); this stand-in keeps the bundle honest.
export default function _extends(target, ...sources) {
  return Object.assign(target, ...sources);
}
