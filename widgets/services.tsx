import { createContext, useContext, type ReactNode } from 'react';
import type { components } from '../schemas/api-types.generated';

/**
 * What widgets need from the outside world, injected by the app (real API client) or by a
 * story or test (fixtures). Widgets never import the app, so they stay testable in isolation.
 */
type S = components['schemas'];
export type BusinessSection = S['BusinessSection'];
export type DepartmentRow = S['DepartmentRow'];
export type PersonRow = S['PersonRow'];
export type SgOption = S['SgOption'];
export type FileInfo = S['FileInfo'];
export interface FileGroup {
  fileId: string;
  files: FileInfo[];
}

export interface CodeOption {
  value: string;
  text: string;
}

/** Spec §3 loginData. */
export interface LoginData {
  auth: string;
  authGroupId: string;
  section: string;
  deptcd: string;
  deptnm: string;
  hname: string;
  singleid: string;
}

/** A failed call: the server's code and Korean message when it sent them. */
export interface ServiceError extends Error {
  status?: number;
  code?: string | null;
  serverMessage?: string | null;
}

export interface WidgetServices {
  listBusinessSections(query: { selectOption?: string }): Promise<BusinessSection[]>;
  listDepartments(query: {
    sectionName?: string;
    deptnm?: string;
    searchOption?: 'LIKE' | 'EQ';
    enabledBsns?: 'Y' | 'N';
    compYn?: 'Y' | 'N';
  }): Promise<DepartmentRow[]>;
  listPeople(query: { hname?: string; singleid?: string; sectionName?: string; deptcd?: string }): Promise<PersonRow[]>;
  /** The company's Korean name, or null when there is no such company. */
  getCompanyName(code: string): Promise<string | null>;
  getSgCode(level: '001' | '002' | '003' | '004', parent?: string): Promise<SgOption[]>;
  uploadFiles(
    files: File[],
    options: {
      fileId?: string;
      kind?: 'any' | 'spreadsheet';
      onProgress?: (fraction: number) => void;
      signal?: AbortSignal;
      /** Extra request headers (a stored screen's mark: engine/runtime/stored-calls.tsx). */
      headers?: Record<string, string>;
    },
  ): Promise<FileGroup>;
  listFiles(fileId: string): Promise<FileGroup>;
  deleteFile(fileId: string, seq: number, init?: { headers?: Record<string, string> }): Promise<FileGroup>;
  downloadUrl(fileId: string, seq?: number): string;
  /**
   * Downloads a file (or the whole group) with the user's login and hands it to the browser to save.
   * A plain link cannot: the API takes the login from the Authorization header, which links do not send.
   */
  downloadFile(fileId: string, seq?: number, fileName?: string): Promise<void>;
  /** A common-code group's entries from the login response (spec §3). */
  codes(group: string): CodeOption[];
  loginData(): LoginData | null;
  /** Upload limit in MB from the server's resources (default 10). */
  uploadLimitMb(): number;
}

const WidgetServicesContext = createContext<WidgetServices | null>(null);

export function WidgetServicesProvider({ services, children }: { services: WidgetServices; children: ReactNode }) {
  return <WidgetServicesContext.Provider value={services}>{children}</WidgetServicesContext.Provider>;
}

export function useWidgetServices(): WidgetServices {
  const services = useContext(WidgetServicesContext);
  if (!services)
    throw new Error(
      'useWidgetServices: no WidgetServicesProvider above this widget (wrap the app, the story or the test in one)',
    );
  return services;
}

/** The services when a provider is above, else null (widgets that can work from props alone). */
export function useOptionalWidgetServices(): WidgetServices | null {
  return useContext(WidgetServicesContext);
}
