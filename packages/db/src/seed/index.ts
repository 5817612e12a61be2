export { demoShopsExist, type SeedDemoResult, seedDemo } from './demo.ts';
export { DEMO_SHOPS, DEMO_STORE_CATEGORIES } from './demo-data.ts';
export { DEMO_GATEWAY_SHOP, seedDemoGateway } from './demo-gateway.ts';
export { type DemoImageKind, demoImageUrl, renderDemoImage } from './images.ts';
export { type SeedScaleOptions, seedScale } from './scale.ts';
