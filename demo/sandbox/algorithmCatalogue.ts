import type { AlgorithmCatalogue, AlgorithmDescriptor, PageDescriptor, PageName } from '../../src/types/interface';

const PAGES: PageDescriptor[] = [
  { name: 'product_page', pageType: 'PDP', displayName: 'Product Page', description: 'A single product.' },
  { name: 'home_page', pageType: 'Index', displayName: 'Home Page', description: 'The shop front.' },
  { name: 'order_page', pageType: 'order', displayName: 'Order Page', description: 'Order confirmation.' },
  { name: 'collection_page', pageType: 'Collection', displayName: 'Collection Page', description: 'Products of a collection.' },
  { name: 'cart_page', pageType: 'Cart', displayName: 'Cart Page', description: 'The shopping cart.' },
  { name: 'ajax_cart_page', pageType: 'AJAX Cart', displayName: 'AJAX Cart', description: 'The cart drawer.' },
  { name: 'blogs_articles_page', pageType: 'Blog', displayName: 'Blog Articles Page', description: 'Journal articles.' },
  { name: '404_page', pageType: '404', displayName: '404 Page', description: 'Page not found.' },
];

type Row = [name: string, displayName: string, pages: PageName[], recommended: PageName[], description: string];

// The table of interface.md, row for row.
const ROWS: Row[] = [
  ['categoryreco', 'Category Based Recommendation', ['collection_page', 'product_page'], ['collection_page'],
    'Recommends products of the category of the viewed product.'],
  ['contentbasedreco', 'Content Based Widget', ['product_page'], ['product_page'],
    'Recommends by the content type of the viewed product.'],
  ['recentviews', 'Recent Views', ['home_page', 'product_page', 'collection_page', 'blogs_articles_page', 'order_page', '404_page', 'cart_page'],
    ['home_page', 'product_page', 'cart_page'], 'Shows products the visitor recently viewed.'],
  ['trendingincategory', 'Trending in category', ['collection_page'], ['collection_page'],
    "Recommends trending products of the viewed product's category."],
  ['trending', 'Trending Items', ['home_page', 'product_page', 'collection_page', 'blogs_articles_page', 'order_page', 'cart_page'],
    ['home_page', 'cart_page', 'order_page', 'collection_page'], 'Recommends products trending across categories from purchases of other users.'],
  ['wishlistreco', 'Based On Wishlist', ['home_page', 'product_page', 'order_page', 'cart_page'], ['home_page', 'product_page', 'cart_page'],
    'Recommends wishlist products that are alternatives or associated with the viewed product.'],
  ['crosssell', 'Cross Sell', ['product_page', 'cart_page', 'home_page'], ['product_page'],
    'Recommends two or three bundled add-on products.'],
  ['boughtcatitemsreco', 'Bought Category Items', ['home_page', 'product_page', 'blogs_articles_page', 'cart_page'],
    ['home_page', 'product_page', 'cart_page'], 'Recommends from categories the visitor bought.'],
  ['viewedcatitemsreco', 'Viewed Category Items', ['home_page', 'product_page', 'blogs_articles_page', 'cart_page'],
    ['home_page', 'product_page', 'cart_page'], 'Recommends from categories the visitor viewed.'],
  ['boughtalsobought', 'Bought Also Bought', ['home_page', 'product_page', 'blogs_articles_page', 'cart_page'],
    ['home_page', 'product_page', 'cart_page'], 'Recommends from what other visitors bought.'],
  ['inspbybrowsehist', 'Inspired By Your Browser History', ['home_page', 'blogs_articles_page', 'cart_page', 'order_page'],
    ['home_page', 'cart_page', 'order_page'], "Recommends from the visitor's viewed or bought products."],
  ['viewedalsoviewed', 'Viewed Also Viewed', ['home_page', 'blogs_articles_page', 'cart_page', 'order_page'],
    ['home_page', 'cart_page', 'order_page'], 'Recommends what other visitors viewed after the current product.'],
];

export function algorithmCatalogue(): AlgorithmCatalogue {
  const widgets: AlgorithmDescriptor[] = ROWS.map(([name, displayName, pages, recommendedPages, description]) => ({
    name, displayName, type: 'custom', description, pages, recommendedPages,
  }));
  return { errMsg: null, widgets, pages: PAGES.map((p) => ({ ...p })) };
}
