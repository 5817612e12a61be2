import { downloadFile, type FileRequest, fetchFile, saveBlob } from '../../lib/download.ts';
import type { OrderListQuery } from './admin-orders-api.ts';

const today = () => new Date().toISOString().slice(0, 10);

/** Order Management's filtered list as a CSV file. */
export async function saveOrdersCsv(q: OrderListQuery, auth: FileRequest) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    if (v !== undefined && v !== '' && k !== 'limit' && k !== 'offset') params.set(k, String(v));
  }
  await downloadFile(`/api/admin/order/export.csv?${params}`, `orders-${today()}.csv`, {
    ...auth,
    errorMessage: 'The export failed',
  });
}

/**
 * Packing slips (one PDF page per order) opened in a new tab to print. The tab is opened at the click (so no
 * popup blocker stops it) and shown the PDF when it arrives; without a tab the PDF is downloaded instead.
 */
export async function openPackingSlips(ids: string[], auth: FileRequest) {
  const tab = window.open('', '_blank');
  try {
    const { blob } = await fetchFile(
      `/api/admin/order/packing-slips.pdf?ids=${ids.map(encodeURIComponent).join(',')}`,
      {
        ...auth,
        errorMessage: 'The packing slips could not be made',
      },
    );
    const pdf = new Blob([blob], { type: 'application/pdf' });
    if (tab) tab.location.href = URL.createObjectURL(pdf);
    else saveBlob(pdf, `packing-slips-${today()}.pdf`);
  } catch (e) {
    tab?.close();
    throw e;
  }
}
