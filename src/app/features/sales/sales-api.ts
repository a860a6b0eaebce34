// The school's course sales as the app reads and writes them: `{school}/payment_method/` and
// `{school}/payment_link/` (admins), and the public offer, order and receipt of a catalogue course.
import { appSession } from '../../app-session.ts';

export interface PaymentMethod {
  id: number;
  payment_method: 'prodamus' | 'sandbox';
  payment_method_name: string;
  account_no: string;
  payment_url: string;
  is_active: boolean;
  has_api_key: boolean;
  api_key_last4: string;
  usable: boolean;
}

export type PaymentMethodInput = Partial<Pick<PaymentMethod, 'payment_method' | 'payment_method_name' | 'account_no' | 'payment_url' | 'is_active'>> & { api_key?: string };

export interface CourseOrder {
  id: string;
  number: string;
  course_id: number | null;
  course_name: string;
  email: string;
  name: string;
  amount: number;
  currency: string;
  status: 'pending' | 'paid' | 'declined';
  access: 'granted' | 'invited' | 'staff' | 'failed' | null;
  created_at: string;
  paid_at: string | null;
}

export interface ListPage<T> {
  count: number;
  results: T[];
}

export interface CourseOffer {
  course_id: number;
  name: string;
  price: number;
  currency: string;
  school_title: string;
  purchasable: boolean;
}

export interface Receipt {
  order_id: string;
  number: string;
  date: string;
  status: 'pending' | 'paid' | 'declined';
  access: CourseOrder['access'];
  paid_at: string | null;
  school: { name: string; title: string };
  seller: { name: string; tax_id: string; address: string; bank_name: string; bank_code: string; bank_account: string; email: string; phone: string; footer_text: string };
  buyer: { email: string; name: string };
  items: { name: string; quantity: number; amount: number }[];
  total: number;
  currency: string;
  pay_url: string | null;
}

export const METHODS_PAGE_SIZE = 20;
export const ORDERS_PAGE_SIZE = 20;

const base = (school: string, path: string) => `${encodeURIComponent(school)}/${path}`;
const api = () => appSession().api;

export const listMethods = (school: string, page: number) => api().get<ListPage<PaymentMethod>>(base(school, 'payment_method/'), { query: { p: page, s: METHODS_PAGE_SIZE } });
export const createMethod = (school: string, body: PaymentMethodInput) => api().post<PaymentMethod>(base(school, 'payment_method/'), body);
export const patchMethod = (school: string, id: number, body: PaymentMethodInput) => api().patch<PaymentMethod>(base(school, `payment_method/${id}/`), body);
export const deleteMethod = (school: string, id: number) => api().delete<null>(base(school, `payment_method/${id}/`));
export const listOrders = (school: string, page: number) => api().get<ListPage<CourseOrder>>(base(school, 'payment_link/'), { query: { p: page, s: ORDERS_PAGE_SIZE } });

export const getOffer = (courseId: number) => api().get<CourseOffer>(`sales/courses/${courseId}/offer/`, { auth: false });
export const buyCourse = (courseId: number, body: { email: string; name?: string; phone?: string; promo_code?: string }) =>
  api().post<{ order: CourseOrder; payment_url: string }>(`sales/courses/${courseId}/orders/`, body, { auth: false });
export const getReceipt = (orderId: string, token: string) => api().get<Receipt>(`sales/orders/${encodeURIComponent(orderId)}/`, { query: { t: token }, auth: false });
