/** The four lines of the profit chart, with their words and colours (the chart and its table share them). */
export const SERIES = [
  { key: 'net_sales', label: 'Sales', color: '#ea580c' },
  { key: 'gross_margin', label: 'Gross margin', color: '#0284c7' },
  { key: 'expenses', label: 'Expenses', color: '#dc2626' },
  { key: 'net_profit', label: 'Net profit', color: '#059669' },
] as const;
