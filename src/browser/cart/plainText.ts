/**
 * A platform's message as the shopper should read it: WooCommerce's come with HTML
 * entities (`&quot;Sailor Cap&quot;`) and sometimes markup (`<a>View cart</a>`). Parsed by
 * DOMParser into a document of its own, which runs no script and loads nothing, and only
 * its text is kept: nothing of it reaches the page as markup.
 */
export function plainText(win: Window, message: string): string {
  if (!/[<&]/.test(message)) return message.trim();
  const text = new (win as typeof window).DOMParser().parseFromString(message, 'text/html').body.textContent || '';
  return text.replace(/\s+/g, ' ').trim();
}
