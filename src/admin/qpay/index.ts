import QrCodeIcon from '@mui/icons-material/QrCode2';
import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import type { ResourceProps } from 'react-admin';
import { lazyPage } from '../common/lazyPage';

const QPayInvoiceList = lazyPage(() => import('./QPayInvoiceList'), 'QPayInvoiceList');
const QPayPaymentList = lazyPage(() => import('./QPayPaymentList'), 'QPayPaymentList');

/** QPay invoices: /admin/qpayInvoice (staff). */
export const qpayInvoices = {
  name: 'qpayInvoice',
  list: QPayInvoiceList,
  icon: QrCodeIcon,
  recordRepresentation: 'ref',
  options: { label: 'admin.menu.qpayInvoice' },
} satisfies ResourceProps;

/** Payments QPay reported, the held ones to review: /admin/qpayPayment (staff). */
export const qpayPayments = {
  name: 'qpayPayment',
  list: QPayPaymentList,
  icon: ReceiptIcon,
  options: { label: 'admin.menu.qpayPayment' },
} satisfies ResourceProps;
