// The bundle layout's interface strings in English; they ship in the bundle chunk (and
// the ESM build). Replaced like every other string through the `strings` setting.
export const bundleStrings = {
  bundleThisItem: 'This item',
  bundleAdd: 'Add',
  bundleTotal: 'Total for {count} items: {total}',
  bundleTotalOne: 'Total for 1 item: {total}',
  bundleAddAll: 'Add all {count} to cart',
  bundleAddOne: 'Add it to cart',
};
