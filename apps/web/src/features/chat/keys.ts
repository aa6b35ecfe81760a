export const chatKeys = {
  all: ["chats"] as const,
  lists: ["chats", "list"] as const,
  list: (page: number) => ["chats", "list", page] as const,
  messages: (orderId: string) => ["chats", "messages", orderId] as const,
  merchantMessages: ["merchant-chat", "messages"] as const,
  liveMine: ["live-chat", "mine"] as const,
  liveMessages: (sessionId: string) => ["live-chat", "messages", sessionId] as const,
  liveAdmin: ["live-chat", "admin"] as const,
};
