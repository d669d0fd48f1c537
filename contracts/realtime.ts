import * as v from 'valibot';

/**
 * The socket.io messages at /socket.io. A client sends `doctype_subscribe` / `doctype_unsubscribe` with a doctype
 * and an optional ack; the server sends `list_update` after every committed change to a subscribed doctype.
 */
export const SUBSCRIBE = 'doctype_subscribe';
export const UNSUBSCRIBE = 'doctype_unsubscribe';
export const LIST_UPDATE = 'list_update';

/** The answer to a subscription: in the room, or why not. */
export const SubscribeAckSchema = v.object({ ok: v.boolean(), message: v.optional(v.string()) });
export type SubscribeAck = v.InferOutput<typeof SubscribeAckSchema>;

/** In a doctype guests may follow, only the changer's own socket is told who made the change (`user`). */
export const ListUpdateSchema = v.looseObject({ doctype: v.string(), name: v.string(), user: v.optional(v.string()) });
export type ListUpdateMessage = v.InferOutput<typeof ListUpdateSchema>;
