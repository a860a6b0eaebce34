// The calls of the settings tabs «Основные», «Оформление» and «Паспорт школы»: the school
// (schools/{id}/), its header (school_headers/{id}/), its branding ({school}/school_branding/), the
// caller's stamp and signature ({school}/school_document/), and pictures uploaded as the school's own.
import { appSession } from '../../app-session.ts';

const api = () => appSession().api;
const at = (school: string, path: string) => `${encodeURIComponent(school)}/${path}`;

export interface SchoolSettings {
  school_id: number;
  name: string;
  title: string;
  contact_link: string | null;
  offer_url: string;
  /** IANA name: the zone of the date-times in the school's mails and Telegram notices. */
  time_zone: string;
  /** The share of a lesson's video (whole percent, 50–100) a student watches for the lesson to be completed. */
  video_watched_percent: number;
  accent_color: string | null;
  accent_text_color: string | null;
  logo: string | null;
}

export interface SchoolHeader {
  header_id: number;
  name: string;
  description: string;
  logo_school: string | null;
  logo_school_file: number | null;
  photo_background: string | null;
  photo_background_file: number | null;
}

export interface SchoolBranding {
  accent_color: string | null;
  accent_text_color: string | null;
  logo_file: number | null;
  logo: string | null;
  full_organization_name: string;
  unp: string;
  address: string;
  email: string;
  phone: string;
}

export interface SchoolDocument {
  stamp_file: number | null;
  stamp: string | null;
  signature_file: number | null;
  signature: string | null;
}

export const getSchool = (schoolId: number) => api().get<SchoolSettings>(`schools/${schoolId}/`);
export const patchSchool = (schoolId: number, body: Partial<Pick<SchoolSettings, 'title' | 'contact_link' | 'offer_url' | 'time_zone' | 'video_watched_percent'>>) => api().patch<SchoolSettings>(`schools/${schoolId}/`, body);
export const getHeader = (headerId: number) => api().get<SchoolHeader>(`school_headers/${headerId}/`);
export const patchHeader = (headerId: number, body: { name?: string; description?: string; logo_school_file?: number | null; photo_background_file?: number | null }) =>
  api().patch<SchoolHeader>(`school_headers/${headerId}/`, body);
export const getBranding = (school: string) => api().get<SchoolBranding>(at(school, 'school_branding/'));
export const patchBranding = (school: string, body: Partial<Omit<SchoolBranding, 'logo'>>) => api().patch<SchoolBranding>(at(school, 'school_branding/'), body);
export const getDocument = (school: string) => api().get<SchoolDocument>(at(school, 'school_document/'));
export const patchDocument = (school: string, body: { stamp_file?: number | null; signature_file?: number | null }) => api().patch<SchoolDocument>(at(school, 'school_document/'), body);
