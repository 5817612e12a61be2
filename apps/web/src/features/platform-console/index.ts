export { PlatformShopsPage } from './platform-shops-page.tsx';
