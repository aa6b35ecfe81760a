import {
  listNotificationsQuery,
  markAllNotificationsReadRequest,
  markNotificationsReadRequest,
  markNotificationsReadResponse,
  notificationListResponse,
  notificationPreferencesResponse,
  updateNotificationPreferencesRequest,
} from "@p2p/shared";
import { contracts } from "../openapi/route-contract.js";

export const notificationContract = contracts("Notifications", {
  "GET /api/notifications": {
    summary: "The caller's notifications, newest first",
    access: "signed-in",
    query: listNotificationsQuery,
    responses: { 200: notificationListResponse },
  },
  "POST /api/notifications/read": {
    summary: "Mark the given notifications read (all of them when no ids are sent)",
    access: "signed-in",
    body: markNotificationsReadRequest,
    responses: { 200: markNotificationsReadResponse },
  },
  "POST /api/notifications/read-all": {
    summary: "Mark every notification read",
    access: "signed-in",
    body: markAllNotificationsReadRequest,
    responses: { 200: markNotificationsReadResponse },
  },
  "GET /api/notification-preferences": {
    summary: "Which channels carry each notification type",
    access: "signed-in",
    responses: { 200: notificationPreferencesResponse },
  },
  "PUT /api/notification-preferences": {
    summary: "Change some of the channel switches",
    access: "signed-in",
    body: updateNotificationPreferencesRequest,
    responses: { 200: notificationPreferencesResponse },
  },
});
