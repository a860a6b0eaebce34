// Chats of a school (issue 15): REST routes and the live websocket, fanned out across processes
// through LISTEN/NOTIFY. Other features and the server's root import this feature through this file only.
import type { App } from '../../context.ts';
import { chatFileRoutes } from './chat-file-routes.ts';
import { chatRoutes as restRoutes } from './chat-routes.ts';
import { chatSocketRoutes } from './chat-socket.ts';

export { chatMembers, chatMessageFiles, chatMessages, chats } from './tables.ts';
export { pruneChatUploads } from './prune-chat-uploads.ts';

/** The REST routes, and the websocket in a scope of its own (its plugin stays out of the other routes). */
export async function chatRoutes(app: App): Promise<void> {
  await restRoutes(app);
  await chatFileRoutes(app);
  await app.register(async (scope) => chatSocketRoutes(scope as App));
}
