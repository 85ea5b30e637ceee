// A theme whose cart UI Vitrine does not know updates it itself after a confirmed add.
declare const myTheme: { refreshCart(cart: unknown): void };

// #region listener
document.addEventListener('vitrine:cart-updated', (e) => { e.preventDefault(); myTheme.refreshCart(e.detail.cart); });
// #endregion listener
