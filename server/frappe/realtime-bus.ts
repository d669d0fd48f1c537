import { EventEmitter } from 'node:events';

export interface ListUpdate {
  doctype: string;
  name: string;
  user: string;
}

/** In-process fan-out of committed changes; the realtime module relays it to sockets (and other instances). */
export class ChangeBus extends EventEmitter<{ list_update: [ListUpdate] }> {
  notifyListUpdate(doctype: string, name: string, user: string) {
    this.emit('list_update', { doctype, name, user });
  }
}
