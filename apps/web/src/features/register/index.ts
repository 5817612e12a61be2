export { RegisterBar } from './register-bar.tsx';
export { RegistersPage } from './registers-page.tsx';
