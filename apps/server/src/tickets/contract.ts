import { adminListTicketsQuery, listTicketsQuery, paymentTicketPageSchema } from "@p2p/shared";
import { contracts } from "../openapi/route-contract.js";

export const ticketContract = contracts("Payment tickets", {
  "GET /api/tickets": {
    summary: "Payment proofs on the merchant's own orders",
    access: "merchant",
    query: listTicketsQuery,
    responses: { 200: paymentTicketPageSchema },
  },
  "GET /api/admin/tickets": {
    summary: "Every payment proof, filtered",
    access: "admin",
    query: adminListTicketsQuery,
    responses: { 200: paymentTicketPageSchema },
  },
});
