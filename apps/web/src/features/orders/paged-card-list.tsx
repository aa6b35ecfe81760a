import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { translateServerText } from "@/i18n/server-text";
import { cn } from "@/lib/cn";
import { Card } from "@/ui/card";
import { Pager } from "@/ui/pager";
import { ListLoadError } from "./list-parts";

type PagedCardListProps<Data extends { total: number }, Item> = {
  query: UseQueryResult<Data>;
  items: (data: Data) => Item[];
  /** The list's accessible name. */
  label: string;
  icon: ReactNode;
  loadErrorTitle: string;
  skeleton: ReactNode;
  /** The EmptyState shown, in a card, when the page has no items. */
  empty: ReactNode;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  children: (item: Item) => ReactNode;
};

/**
 * A page of cards from a paged query: its skeleton while loading, the failure with a retry, the
 * empty state, or the cards (dimmed while the next page loads) with the pager, which scrolls back
 * to the top.
 */
export function PagedCardList<Data extends { total: number }, Item>(props: PagedCardListProps<Data, Item>) {
  const { query, items, label, icon, loadErrorTitle, skeleton, empty, page, pageSize, onPageChange, children } = props;
  const shown = query.data ? items(query.data) : [];
  return (
    <>
      {query.isPending ? (
        skeleton
      ) : query.isError ? (
        <Card>
          <ListLoadError
            icon={icon}
            title={loadErrorTitle}
            message={translateServerText(query.error.message)}
            retrying={query.isFetching}
            onRetry={() => query.refetch()}
          />
        </Card>
      ) : shown.length === 0 ? (
        <Card>{empty}</Card>
      ) : (
        <ul className={cn("flex flex-col gap-3", query.isPlaceholderData && "opacity-60")} aria-label={label}>
          {shown.map(children)}
        </ul>
      )}

      {query.data && (
        <Pager
          page={page}
          pageSize={pageSize}
          total={query.data.total}
          busy={query.isPlaceholderData}
          onPageChange={(next) => {
            onPageChange(next);
            window.scrollTo({ top: 0 });
          }}
        />
      )}
    </>
  );
}
