import type { Platform } from './Platform';
import { shopify } from './shopify';
import { woocommerce } from './woocommerce';
import { magento } from './magento';
import { shopware } from './shopware';
import { prestashop } from './prestashop';
import { bigcommerce } from './bigcommerce';
import { sfcc } from './sfcc';
import { opencart } from './opencart';

/** The storefront platforms whose own page data Vitrine reads, in the order they are asked. */
export const platforms: Record<string, Platform> = { shopify, woocommerce, magento, shopware, prestashop, bigcommerce, sfcc, opencart };
