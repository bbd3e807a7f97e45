/** The shapes the page reads from the public API (docs/api.md). */
export interface Token {
  type: string;
  uid: string;
  text: string;
  data: string;
  scanTime: string;
  readerId?: string;
}

export interface Reader {
  id: string;
  readerId: string;
  driver: string;
  info: string;
  connected: boolean;
  capabilities: string[];
}

export interface ActiveMedia {
  launcherId: string;
  systemId: string;
  systemName: string;
  mediaPath: string;
  mediaName: string;
  started: string;
}

export interface IndexStatus {
  exists: boolean;
  indexing: boolean;
  optimizing: boolean;
  totalSteps?: number;
  currentStep?: number;
  currentStepDisplay?: string;
  totalFiles?: number;
  totalMedia?: number;
  lastIndexed?: string;
}

export interface SystemEntry {
  id: string;
  name: string;
  category: string;
  mediaCount?: number;
}

export interface MediaResult {
  system: { id: string; name: string };
  name: string;
  path: string;
  zapScript: string;
}

export interface Mapping {
  id: string;
  added: string;
  label: string;
  enabled: boolean;
  type: "uid" | "text" | "data";
  match: "exact" | "partial" | "regex";
  pattern: string;
  override: string;
}

export interface HistoryEntry {
  type: string;
  uid: string;
  text: string;
  data: string;
  success: boolean;
  time: string;
}
