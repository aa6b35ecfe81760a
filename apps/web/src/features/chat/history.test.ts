import { describe, expect, it } from "vitest";
import { QueryClient, InfiniteQueryObserver, type InfiniteData } from "@tanstack/react-query";
import { appendToHistory, flattenHistory, type HistoryPage } from "./queries";

type Message = { id: string };
type Page = HistoryPage<Message>;

/** A history whose reads answer, in turn, with what the server held when each was asked. */
function historyOf(answers: Array<() => Promise<Page>>) {
  const qc = new QueryClient();
  const key = ["chat", "messages", "order-1"];
  let reads = 0;
  const observer = new InfiniteQueryObserver<Page, Error, InfiniteData<Page>, readonly unknown[], string | undefined>(qc, {
    queryKey: key,
    queryFn: () => answers[Math.min(reads++, answers.length - 1)]!(),
    initialPageParam: undefined,
    getNextPageParam: () => undefined,
  });
  const off = observer.subscribe(() => {});
  const shown = () => flattenHistory(qc.getQueryData<InfiniteData<Page>>(key)).map((m) => m.id);
  const settled = () => expect.poll(() => qc.isFetching({ queryKey: key })).toBe(0);
  return { qc, key, shown, settled, reads: () => reads, off };
}

describe("a message shown live stays shown", () => {
  it("when a read of the history answered before the message was stored lands after it", async () => {
    let answerFirstRead!: (page: Page) => void;
    const h = historyOf([
      () => Promise.resolve({ messages: [{ id: "1" }], has_more: false }),
      // Asked before message 2 was stored, answered after it arrived live.
      () => new Promise<Page>((resolve) => (answerFirstRead = resolve)),
      () => Promise.resolve({ messages: [{ id: "1" }, { id: "2" }], has_more: false }),
    ]);
    await h.settled();
    void h.qc.invalidateQueries({ queryKey: h.key });
    await expect.poll(() => h.reads()).toBe(2);

    appendToHistory(h.qc, h.key, { id: "2" });
    answerFirstRead({ messages: [{ id: "1" }], has_more: false });
    await h.settled();

    expect(h.shown()).toEqual(["1", "2"]);
    h.off();
  });
});
