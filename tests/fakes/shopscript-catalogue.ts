/**
 * The fake shop's catalogue: rows shaped as Shop-Script's shop_product and shop_product_skus
 * (strings, as PHP's database layer gives them). A product's `price` is in the shop's default
 * currency (RUB here); its SKUs' `price` is in the product's own `currency`; `count` null is stock
 * not counted. Status 1 is published, 0 hidden.
 */

export interface FakeSku {
  id: string;
  sku: string;
  name: string;
  price: string;
  primary_price: string;
  count: string | null;
  available: string;
}

export interface FakeProduct {
  id: string;
  name: string;
  summary: string;
  description: string;
  url: string;
  status: string;
  currency: string;
  price: string;
  count: string | null;
  sku_id: string;
  skus: FakeSku[];
}

const sku = (id: string, name: string, price: string, count: string | null, primary = price): FakeSku => ({
  id,
  sku: `SKU-${id}`,
  name,
  price,
  primary_price: primary,
  count,
  available: '1',
});

export const fakeShopCatalogue = (): FakeProduct[] => [
  {
    id: '1',
    name: 'Чайник электрический "Ромашка"',
    summary: 'Стеклянный чайник на 1,7 л',
    description:
      '<p>Стеклянный корпус, <b>подсветка</b> и автоотключение.</p><script>alert(1)</script><p>Гарантия&nbsp;2 года.</p>',
    url: 'chaynik-romashka',
    status: '1',
    currency: 'RUB',
    price: '2490.0000',
    count: '7',
    sku_id: '11',
    skus: [sku('11', '', '2490.0000', '7')],
  },
  {
    id: '2',
    name: 'Чайник заварочный',
    summary: 'Фарфор, 0,6 л',
    description: `<p>${'Тонкий фарфор ручной росписи. '.repeat(40)}</p>`,
    url: 'chaynik-zavarochnyy',
    status: '1',
    currency: 'RUB',
    price: '990.5000',
    count: null,
    sku_id: '21',
    skus: [sku('21', 'Белый', '990.5000', null), sku('22', 'Синий', '1090.0000', '0')],
  },
  {
    id: '3',
    name: 'Кофемашина Bellissimo',
    summary: 'Рожковая, 15 бар',
    description: '<p>Для эспрессо и капучино.</p>',
    url: 'kofemashina-bellissimo',
    status: '1',
    currency: 'USD',
    // The default currency's price: the SKU's 499 USD at the shop's rate.
    price: '45000.0000',
    count: '2',
    sku_id: '31',
    skus: [sku('31', '', '499.0000', '2', '45000.0000')],
  },
  {
    id: '4',
    name: 'Чайник снятый с продажи',
    summary: 'Скрыт с витрины',
    description: '',
    url: 'chaynik-skryt',
    status: '0',
    currency: 'RUB',
    price: '100.0000',
    count: '1',
    sku_id: '41',
    skus: [sku('41', '', '100.0000', '1')],
  },
];
