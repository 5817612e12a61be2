// The shop status control (published, draft, offline, maintenance), used by the dashboard and settings.
export { ShopStatusControl } from './shop-status-control.tsx';
