import { listOffersQuery, listOffersResponse, myOffersResponse, offerResponse, upsertOfferRequest } from "@p2p/shared";
import { contracts } from "../openapi/route-contract.js";

export const offerContract = contracts("Offers", {
  "PUT /api/offers/:symbol": {
    summary: "Create or change the merchant's offer for a coin",
    access: "merchant",
    body: upsertOfferRequest,
    responses: { 200: offerResponse },
  },
  "GET /api/offers/mine": { summary: "The merchant's own offers", access: "merchant", responses: { 200: myOffersResponse } },
  "GET /api/offers": {
    summary: "Live offers for a coin and side, best price first",
    access: "signed-in",
    query: listOffersQuery,
    responses: { 200: listOffersResponse },
  },
});
