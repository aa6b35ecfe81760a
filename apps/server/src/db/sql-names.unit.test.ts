import { pgTable, text } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { chatReads, notifications } from "./schema.js";
import { columnName, columnNames, columnsAs, insertTarget, sqlName, tableName, templateSql } from "./sql-names.js";

describe("names of hot-path statements from the schema", () => {
  it("names a column by its schema key, not by its property", () => {
    expect(columnName(chatReads, "readAt")).toBe("created_at");
    expect(columnNames(notifications, ["userId", "isRead"])).toEqual({ userId: "user_id", isRead: "is_read" });
  });

  it("refuses a key the schema does not have: at compile time, and at run time", () => {
    // @ts-expect-error -- the point of the test: a renamed or missing column is a type error
    expect(() => columnName(notifications, "userID")).toThrow("notifications has no column userID");
  });

  it("writes an insert target in the order given", () => {
    expect(insertTarget(notifications, ["userId", "title", "orderId"])).toBe("notifications (user_id, title, order_id)");
  });

  it("aliases a returned column only where its name is not the output name", () => {
    expect(columnsAs(chatReads, { order_id: "orderId", read_at: "readAt" })).toBe("order_id, created_at as read_at");
  });

  it("quotes names that are not plain lower-case identifiers", () => {
    const odd = pgTable("Odd Table", { value: text('a "b"') });
    expect(tableName(odd)).toBe('"Odd Table"');
    expect(columnName(odd, "value")).toBe('"a ""b"""');
    expect(sqlName("user_id")).toBe("user_id");
  });

  it("fills a text template's places with SQL expressions and quotes the rest as literals", () => {
    expect(templateSql("New message from {{username}}", { username: "p.username" })).toBe(
      "('New message from ' || coalesce((p.username)::text, ''))",
    );
    expect(templateSql("{{a}}'s {{b}}", { a: "x.a", b: "x.b" })).toBe("(coalesce((x.a)::text, '') || '''s ' || coalesce((x.b)::text, ''))");
    expect(templateSql("{{missing}}", {})).toBe("(coalesce((null)::text, ''))");
    expect(templateSql("", {})).toBe("('')");
  });
});
