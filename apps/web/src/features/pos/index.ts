export { PosPage } from './pos-page.tsx';
