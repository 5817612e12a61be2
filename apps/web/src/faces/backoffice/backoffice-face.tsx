import { lazy, useEffect } from 'react';
import { UnauthorizedPage } from '../../components/ui/unauthorized-page.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { RequireRole } from '../../features/accounts/require-role.tsx';
import { AdminLayout } from '../../features/backoffice-shell/admin-layout.tsx';
import { installBackofficeApp } from '../../features/backoffice-shell/app-updates.ts';
import { RequireShopOp } from '../../features/backoffice-shell/require-shop-op.tsx';
import * as queryEngine from '../../lib/query/engine.ts';
import { installQueryCore } from '../../lib/query.ts';
import { Route, Routes } from '../../lib/router.tsx';
import { AdminLoginPage } from './admin-login-page.tsx';

// This face fetches on every page: TanStack Query's engine comes with its code (lib/query/core.ts).
installQueryCore(queryEngine);

// Each screen is its own chunk: the dashboard does not load the inventory's forms, and none of it reaches shoppers.
const DashboardPage = lazy(() => import('./dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })));
const InventoryPage = lazy(() =>
  import('../../features/inventory/inventory-page.tsx').then((m) => ({ default: m.InventoryPage })),
);
const ProductDetailPage = lazy(() =>
  import('../../features/inventory/product-detail-page.tsx').then((m) => ({ default: m.ProductDetailPage })),
);
const SettingsPage = lazy(() => import('./settings-page.tsx'));
const OrderManagementPage = lazy(() =>
  import('../../features/admin-orders/index.ts').then((m) => ({ default: m.OrderManagementPage })),
);
const OrderDetailPage = lazy(() =>
  import('../../features/admin-orders/index.ts').then((m) => ({ default: m.OrderDetailPage })),
);
const TransactionManagementPage = lazy(() =>
  import('../../features/transactions/index.ts').then((m) => ({ default: m.TransactionManagementPage })),
);
const TransactionDetailPage = lazy(() =>
  import('../../features/transactions/index.ts').then((m) => ({ default: m.TransactionDetailPage })),
);
const AuditTrailPage = lazy(() =>
  import('../../features/audit-trail/index.ts').then((m) => ({ default: m.AuditTrailPage })),
);
const AcceptInvitePage = lazy(() =>
  import('../../features/staff/index.ts').then((m) => ({ default: m.AcceptInvitePage })),
);
const PlatformShopsPage = lazy(() =>
  import('../../features/platform-console/index.ts').then((m) => ({ default: m.PlatformShopsPage })),
);
const CustomerListPage = lazy(() =>
  import('../../features/customers/index.ts').then((m) => ({ default: m.CustomerListPage })),
);
const CustomerDetailPage = lazy(() =>
  import('../../features/customers/index.ts').then((m) => ({ default: m.CustomerDetailPage })),
);
const BooksPage = lazy(() => import('../../features/books/index.ts').then((m) => ({ default: m.BooksPage })));
const RegistersPage = lazy(() =>
  import('../../features/register/index.ts').then((m) => ({ default: m.RegistersPage })),
);
const PosPage = lazy(() => import('../../features/pos/index.ts').then((m) => ({ default: m.PosPage })));
const PurchaseListPage = lazy(() =>
  import('../../features/purchases/index.ts').then((m) => ({ default: m.PurchaseListPage })),
);
const PurchaseFormPage = lazy(() =>
  import('../../features/purchases/index.ts').then((m) => ({ default: m.PurchaseFormPage })),
);
const PurchaseDetailPage = lazy(() =>
  import('../../features/purchases/index.ts').then((m) => ({ default: m.PurchaseDetailPage })),
);
const SupplierAccountsPage = lazy(() =>
  import('../../features/purchases/index.ts').then((m) => ({ default: m.SupplierAccountsPage })),
);
const StockConflictsPage = lazy(() =>
  import('../../features/stock-conflicts/index.ts').then((m) => ({ default: m.StockConflictsPage })),
);
const AdminNotFoundPage = lazy(() => import('./admin-not-found-page.tsx'));
const ProfilePage = lazy(() =>
  import('../../features/accounts/profile-page.tsx').then((m) => ({ default: m.ProfilePage })),
);

/**
 * The admin host's face (02 §2 Admin route set): the portal sign-in at /, and the back office for vendors in the
 * shell (sidebar, shop switcher). Anyone else is sent to the root page.
 */
export default function BackofficeFace() {
  useDocumentTitle('Admin Panel');
  // The installable back office: its service worker and the new-version prompt (decision 0035).
  useEffect(() => installBackofficeApp(), []);
  return (
    <Routes>
      <Route path="/unauthorized" element={<UnauthorizedPage />} />
      <Route path="/accept-invite" element={<AcceptInvitePage />} />
      <Route element={<RequireRole roles={['VENDOR', 'ADMIN']} unauthorizedPath="/" />}>
        <Route element={<AdminLayout />}>
          {/* Each screen needs its operation in the person's role (staff, issue 15); the server checks the same. */}
          <Route element={<RequireShopOp op="dashboard" redirect />}>
            <Route path="/dashboard" element={<DashboardPage />} />
          </Route>
          {/* The inventory screens edit: a Cashier looks products up through the API (point of sale) only. */}
          <Route element={<RequireShopOp op="products.edit" />}>
            <Route path="/inventory" element={<InventoryPage />} />
            <Route path="/inventory/:productId" element={<ProductDetailPage />} />
            <Route path="/stock-conflicts" element={<StockConflictsPage />} />
          </Route>
          <Route element={<RequireShopOp op="pos" />}>
            <Route path="/checkout" element={<PosPage />} />
          </Route>
          <Route element={<RequireShopOp op="register.history" />}>
            <Route path="/registers" element={<RegistersPage />} />
          </Route>
          <Route element={<RequireShopOp op="purchases" />}>
            <Route path="/purchases" element={<PurchaseListPage />} />
            <Route path="/purchases/new" element={<PurchaseFormPage />} />
            <Route path="/purchases/suppliers" element={<SupplierAccountsPage />} />
            <Route path="/purchases/:orderId" element={<PurchaseDetailPage />} />
            <Route path="/purchases/:orderId/edit" element={<PurchaseFormPage />} />
          </Route>
          <Route element={<RequireShopOp op="customers" />}>
            <Route path="/customers" element={<CustomerListPage />} />
            <Route path="/customers/:customerId" element={<CustomerDetailPage />} />
          </Route>
          <Route element={<RequireShopOp op="orders.view" />}>
            <Route path="/admin-orders" element={<OrderManagementPage />} />
            <Route path="/admin-orders/:orderId" element={<OrderDetailPage />} />
          </Route>
          <Route element={<RequireShopOp op="money" />}>
            <Route path="/transaction" element={<TransactionManagementPage />} />
            <Route path="/transaction/:transactionId" element={<TransactionDetailPage />} />
          </Route>
          <Route element={<RequireShopOp op="expenses" />}>
            <Route path="/books" element={<BooksPage />} />
            <Route path="/books/:tab" element={<BooksPage />} />
          </Route>
          <Route element={<RequireShopOp op="audit" />}>
            <Route path="/audit-trail" element={<AuditTrailPage />} />
          </Route>
          <Route element={<RequireShopOp op="settings" />}>
            <Route path="/settings" element={<SettingsPage />} />
          </Route>
          {/* The platform operator's console (role ADMIN, issue 15). */}
          <Route element={<RequireRole roles={['ADMIN']} unauthorizedPath="/unauthorized" />}>
            <Route path="/platform/shops" element={<PlatformShopsPage />} />
          </Route>
          <Route path="/profile" element={<ProfilePage />} />
          <Route path="*" element={<AdminNotFoundPage />} />
        </Route>
      </Route>
      <Route path="/" element={<AdminLoginPage />} />
    </Routes>
  );
}
