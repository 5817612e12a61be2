import 'fake-indexeddb/auto';
import type { PosProduct } from '@haat/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import fc from 'fast-check';
import { useRef, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, renderInBackOffice } from '../../test/dom.tsx';
import { cleanUpEach, SHOPS } from '../../test/forms.ts';
import { loadCatalogue } from './offline-catalogue.ts';
import { counterDb } from './offline-db.ts';
import { buildIndex, type CatalogueItem, findBarcode, searchIndex, typedWords } from './offline-search.ts';
import { BarcodeBox, ProductPicker } from './product-picker.tsx';

/* The counter's search with no network (issue 43): the catalogue kept on the device answers by the words of the
   name, variant and SKU as they are typed, and a scanned barcode finds its product. */

cleanUpEach();

let n = 0;
const item = (name: string, extra: Partial<CatalogueItem> = {}): CatalogueItem => {
  n += 1;
  const id = String(n).padStart(12, '0');
  return {
    variant_id: `2d0f7b3c-4e5a-4b6c-9d7e-${id}`,
    product_id: `1c9e6a2b-3d4f-4a5b-8c6d-${id}`,
    name,
    variant_label: null,
    sku: `SKU-${n}`,
    barcode: null,
    price_paise: 9900,
    tax_percentage: 5,
    stock: 10,
    unit: 'Pack',
    ...extra,
  };
};

const catalogue = [
  item('Everest Garam Masala 100 g', { sku: 'EVR-GM-100', barcode: '8901786101019' }),
  item('MDH Chana Masala 100 g', { sku: 'MDH-CM-100' }),
  item('Masala Chai Tea Bags', { stock: 0 }),
  item('Tata Salt 1 kg', { sku: 'TATA-SALT-1' }),
  item('Cotton Kurta', { variant_label: 'M / Blue', sku: 'KUR-M-BLU' }),
  item('Cotton Kurta', { variant_label: 'L / Red', sku: 'KUR-L-RED' }),
  item('हल्दी पाउडर 200 g', { sku: 'HALDI-200' }),
  item('Masala Oats', {}),
];
const names = (found: CatalogueItem[]) =>
  found.map((i) => (i.variant_label ? `${i.name} (${i.variant_label})` : i.name));

describe('the search index of the device’s catalogue', () => {
  const index = buildIndex(catalogue);

  it('finds by the start of any word, every typed word counting, names starting with it first, out of stock last', () => {
    expect(names(searchIndex(index, 'mas'))).toEqual([
      'Masala Oats',
      'Everest Garam Masala 100 g',
      'MDH Chana Masala 100 g',
      'Masala Chai Tea Bags',
    ]);
    expect(names(searchIndex(index, 'masala 100 mdh'))).toEqual(['MDH Chana Masala 100 g']);
    expect(names(searchIndex(index, 'kurta red'))).toEqual(['Cotton Kurta (L / Red)']);
    expect(names(searchIndex(index, 'masalaa'))).toEqual([]);
  });

  it('finds a SKU as typed, a word in Hindi, and a barcode typed whole', () => {
    expect(names(searchIndex(index, 'kur-m'))).toEqual(['Cotton Kurta (M / Blue)']);
    expect(names(searchIndex(index, 'TATA-SALT'))).toEqual(['Tata Salt 1 kg']);
    expect(names(searchIndex(index, 'हल्दी'))).toEqual(['हल्दी पाउडर 200 g']);
    expect(names(searchIndex(index, '8901786101019'))).toEqual(['Everest Garam Masala 100 g']);
    expect(findBarcode(index, '8901786101019')?.sku).toBe('EVR-GM-100');
    expect(findBarcode(index, 'mdh-cm-100')?.name).toBe('MDH Chana Masala 100 g');
    expect(findBarcode(index, '0000000000000')).toBeNull();
  });

  it('gives the first products in stock for an empty search, and at most the limit', () => {
    expect(searchIndex(index, '  ', 3).every((i) => i.stock > 0)).toBe(true);
    expect(searchIndex(index, '', 3)).toHaveLength(3);
    expect(searchIndex(index, 'm', 2)).toHaveLength(2);
  });
});

describe('the search against its rule, on many catalogues', () => {
  // The rule, written plainly: every typed word starts a word of the item; names starting with the first typed
  // word first, in stock before out of stock, by name within each. The index answers most keystrokes from the run
  // of names starting with the first word and ranks every match otherwise: both must give the rule's answer.
  const vocabulary = ['ghee', 'garam', 'masala', 'gold', 'tea', 'tata', 'salt', 'g', '500g', 'amul', 'atta'];
  const byRule = (index: ReturnType<typeof buildIndex>, query: string, limit: number) => {
    const typed = typedWords(query);
    const ranked = index.items.flatMap((it, i) => {
      if (!typed.every((w) => (index.text[i] ?? '').includes(` ${w}`))) return [];
      const first = (index.keys[i] ?? '').startsWith(typed[0] ?? '') ? 1 : 2;
      return [{ it, rank: first + (it.stock > 0 ? 0 : 2), i }];
    });
    ranked.sort((a, b) => a.rank - b.rank || a.i - b.i);
    return ranked.slice(0, limit).map((r) => r.it);
  };
  it('gives what the rule gives for every query and page size', () => {
    const word = fc.constantFrom(...vocabulary);
    fc.assert(
      fc.property(
        fc.array(fc.record({ words: fc.array(word, { minLength: 1, maxLength: 3 }), stock: fc.nat(2) }), {
          minLength: 1,
          maxLength: 40,
        }),
        fc.array(fc.tuple(word, fc.integer({ min: 1, max: 4 })), { minLength: 1, maxLength: 2 }),
        fc.integer({ min: 1, max: 6 }),
        (rows, typedParts, limit) => {
          const index = buildIndex(rows.map((r) => item(r.words.join(' '), { stock: r.stock, sku: null })));
          const query = typedParts.map(([w, k]) => w.slice(0, k)).join(' ');
          expect(searchIndex(index, query, limit)).toEqual(byRule(index, query, limit));
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** The counter's barcode box and product search as the page has them. */
function Counter({ onAdd }: { onAdd: (p: PosProduct) => void }) {
  const [search, setSearch] = useState('');
  const ref = useRef<HTMLInputElement>(null);
  return (
    <>
      <BarcodeBox inputRef={ref} onProduct={onAdd} />
      <ProductPicker search={search} onSearch={setSearch} onAdd={onAdd} />
    </>
  );
}

describe('the counter with no network', () => {
  beforeEach(async () => {
    const db = await counterDb('chai-corner');
    for (const i of catalogue) await db.put('items', i);
    await loadCatalogue('chai-corner');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  });
  afterEach(() => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
  });

  it('searches the catalogue on the device and adds a scanned barcode’s product, asking the server nothing', async () => {
    const sent = fakeApi(SHOPS);
    const added: PosProduct[] = [];
    renderInBackOffice(<Counter onAdd={(p) => added.push(p)} />);
    const products = await screen.findByRole('region', { name: 'Products' });
    fireEvent.change(within(products).getByLabelText('Search products by name or SKU'), {
      target: { value: 'chana mas' },
    });
    await within(products).findByText('MDH Chana Masala 100 g');
    await waitFor(() => expect(within(products).getAllByRole('button')).toHaveLength(1));
    expect(within(products).getByText('MDH-CM-100')).toBeTruthy();

    const box = screen.getByLabelText('Barcode');
    fireEvent.change(box, { target: { value: '8901786101019' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    await waitFor(() => expect(added.map((p) => p.name)).toEqual(['Everest Garam Masala 100 g']));
    expect(added[0]).toMatchObject({ price: 99, stock: 10, stock_status: 'In Stock', sku: 'EVR-GM-100' });

    fireEvent.change(box, { target: { value: '0000000000000' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    await screen.findByText('Product not found with this barcode');
    expect(sent.filter((r) => r.path.startsWith('/api/admin/pos/'))).toEqual([]);
  });
});
