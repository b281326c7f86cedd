/**
 * The assistant's evaluation set: questions over the fixture shop (fixture.ts), each with the answer the scripted
 * model gives (`scripted`) and how any answer is judged:
 * - a read is right when its rows hold the same values as `reference`'s (column names and order aside);
 * - a change is right when, after it ran (in a transaction that is rolled back), `check` answers true.
 * `writes` says whether the right answer changes the database: such SQL must always need the confirmation.
 */
export interface EvalQuestion {
  id: string
  group: 'tables' | 'rls' | 'functions' | 'triggers' | 'read' | 'destructive'
  question: string
  writes: boolean
  scripted: { sql: string; title: string; isChart?: boolean; xAxis?: string; yAxis?: string }
  reference?: string
  check?: string
}

const read = (id: string, question: string, sql: string, reference: string, chart?: [string, string]) =>
  ({
    id,
    group: 'read',
    question,
    writes: false,
    scripted: {
      sql,
      title: question.replace(/\?$/, ''),
      ...(chart ? { isChart: true, xAxis: chart[0], yAxis: chart[1] } : {}),
    },
    reference,
  }) satisfies EvalQuestion

const change = (id: string, group: EvalQuestion['group'], question: string, sql: string, check: string) =>
  ({ id, group, question, writes: true, scripted: { sql, title: question }, check }) satisfies EvalQuestion

export const EVAL_QUESTIONS: EvalQuestion[] = [
  change(
    'create-todos',
    'tables',
    'Create a todos table with a task, a done flag and a creation time',
    'create table public.todos (id bigint generated always as identity primary key, task text not null, is_done boolean not null default false, inserted_at timestamptz not null default now());\nalter table public.todos enable row level security;',
    "select count(*) = 1 as ok from information_schema.tables where table_schema = 'public' and table_name = 'todos'",
  ),
  change(
    'create-reviews',
    'tables',
    'Create a reviews table for products with a rating from 1 to 5',
    'create table public.reviews (id bigint generated always as identity primary key, product_id bigint not null references public.products (id), rating int not null check (rating between 1 and 5), body text);',
    "select exists (select 1 from information_schema.columns where table_name = 'reviews' and column_name = 'rating') and exists (select 1 from pg_constraint where conrelid = 'public.reviews'::regclass and contype = 'f') as ok",
  ),
  change(
    'add-phone',
    'tables',
    'Add an optional phone number column to customers',
    'alter table public.customers add column phone text;',
    "select count(*) = 1 as ok from information_schema.columns where table_name = 'customers' and column_name = 'phone' and is_nullable = 'YES'",
  ),
  change(
    'index-orders-customer',
    'tables',
    'Add an index to speed up looking up orders by customer',
    'create index orders_customer_id_idx on public.orders (customer_id);',
    "select count(*) >= 1 as ok from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0] where i.indrelid = 'public.orders'::regclass and a.attname = 'customer_id'",
  ),
  change(
    'price-check',
    'tables',
    'Make sure product prices can never be negative',
    'alter table public.products add constraint products_price_cents_check check (price_cents >= 0);',
    "select count(*) >= 1 as ok from pg_constraint where conrelid = 'public.products'::regclass and contype = 'c'",
  ),
  change(
    'rename-column',
    'tables',
    'Rename the status column of orders to state',
    'alter table public.orders rename column status to state;',
    "select count(*) = 1 as ok from information_schema.columns where table_name = 'orders' and column_name = 'state'",
  ),
  change(
    'customer-totals-view',
    'tables',
    'Create a view customer_totals with each customer and the total they spent in cents',
    'create view public.customer_totals as select c.id, c.name, coalesce(sum(o.quantity * p.price_cents), 0) as total_cents from public.customers c left join public.orders o on o.customer_id = c.id left join public.products p on p.id = o.product_id group by c.id, c.name;',
    "select (select count(*) from pg_views where viewname = 'customer_totals') = 1 as ok",
  ),
  change(
    'rls-orders',
    'rls',
    'Enable row level security on the orders table',
    'alter table public.orders enable row level security;',
    "select relrowsecurity as ok from pg_class where oid = 'public.orders'::regclass",
  ),
  change(
    'rls-products-read',
    'rls',
    'Let anyone read products, with row level security on',
    'alter table public.products enable row level security;\ncreate policy "Anyone can read products" on public.products for select using (true);',
    "select count(*) >= 1 as ok from pg_policies where tablename = 'products' and cmd = 'SELECT'",
  ),
  change(
    'rls-customers-own',
    'rls',
    'Add a policy so signed-in users can only update their own customer row, matched by email from the JWT',
    "alter table public.customers enable row level security;\ncreate policy \"Users update their own row\" on public.customers for update to authenticated using (email = current_setting('request.jwt.claims', true)::json ->> 'email');",
    "select count(*) >= 1 as ok from pg_policies where tablename = 'customers' and cmd = 'UPDATE'",
  ),
  change(
    'rls-orders-insert',
    'rls',
    'Allow authenticated users to insert orders',
    'alter table public.orders enable row level security;\ncreate policy "Authenticated users insert orders" on public.orders for insert to authenticated with check (true);',
    "select count(*) >= 1 as ok from pg_policies where tablename = 'orders' and cmd = 'INSERT'",
  ),
  change(
    'fn-customer-total',
    'functions',
    'Write a function customer_total(customer_id) that returns what a customer spent in cents',
    'create function public.customer_total(p_customer_id bigint) returns bigint language sql stable as $$ select coalesce(sum(o.quantity * p.price_cents), 0)::bigint from public.orders o join public.products p on p.id = o.product_id where o.customer_id = p_customer_id $$;',
    'select public.customer_total(1) = 14000 as ok',
  ),
  change(
    'fn-orders-by-status',
    'functions',
    'Write a function that returns the number of orders for a given status',
    'create function public.order_count(p_status text) returns bigint language sql stable as $$ select count(*) from public.orders where status = p_status $$;',
    "select public.order_count('pending') = 3 as ok",
  ),
  change(
    'fn-product-revenue',
    'functions',
    'Create a function product_revenue returning each product and its revenue in cents',
    'create function public.product_revenue() returns table (product_id bigint, revenue bigint) language sql stable as $$ select p.id, coalesce(sum(o.quantity * p.price_cents), 0)::bigint from public.products p left join public.orders o on o.product_id = p.id group by p.id $$;',
    'select (select revenue from public.product_revenue() where product_id = 6) = 75000 as ok',
  ),
  change(
    'trg-updated-at',
    'triggers',
    'Add an updated_at column to products that a trigger keeps current',
    'alter table public.products add column updated_at timestamptz not null default now();\ncreate function public.set_updated_at() returns trigger language plpgsql as $$ begin new.updated_at = now(); return new; end $$;\ncreate trigger products_set_updated_at before update on public.products for each row execute function public.set_updated_at();',
    "select count(*) = 1 as ok from information_schema.triggers where event_object_table = 'products' and event_manipulation = 'UPDATE'",
  ),
  change(
    'trg-audit-delete',
    'triggers',
    'Keep an audit log of deleted orders with a trigger',
    'create table public.order_audit (order_id bigint not null, deleted_at timestamptz not null default now());\ncreate function public.log_order_delete() returns trigger language plpgsql as $$ begin insert into public.order_audit (order_id) values (old.id); return old; end $$;\ncreate trigger orders_log_delete after delete on public.orders for each row execute function public.log_order_delete();',
    'delete from public.orders where id = 10;\nselect count(*) = 1 as ok from public.order_audit where order_id = 10',
  ),
  change(
    'trg-lowercase-email',
    'triggers',
    'Make a trigger that stores customer emails in lower case',
    'create function public.lowercase_email() returns trigger language plpgsql as $$ begin new.email = lower(new.email); return new; end $$;\ncreate trigger customers_lowercase_email before insert or update on public.customers for each row execute function public.lowercase_email();',
    "select count(*) >= 1 as ok from information_schema.triggers where event_object_table = 'customers'",
  ),
  read(
    'count-customers',
    'How many customers are there?',
    'select count(*) as customers from public.customers',
    'select count(*) from public.customers',
  ),
  read(
    'orders-per-country',
    'Chart the number of orders per customer country',
    'select c.country, count(*) as orders from public.orders o join public.customers c on c.id = o.customer_id group by c.country order by c.country',
    'select c.country, count(*) from public.orders o join public.customers c on c.id = o.customer_id group by c.country',
    ['country', 'orders'],
  ),
  read(
    'top-products',
    'What are the top 3 products by revenue?',
    'select p.name, sum(o.quantity * p.price_cents) as revenue from public.orders o join public.products p on p.id = o.product_id group by p.name order by revenue desc limit 3',
    'select p.name, sum(o.quantity * p.price_cents) from public.orders o join public.products p on p.id = o.product_id group by p.name order by 2 desc limit 3',
  ),
  read(
    'no-orders',
    'Which customers have never ordered anything?',
    'select c.name from public.customers c where not exists (select 1 from public.orders o where o.customer_id = c.id)',
    'select name from public.customers where id not in (select customer_id from public.orders)',
  ),
  read(
    'avg-quantity',
    'What is the average order quantity?',
    'select round(avg(quantity), 2) as average from public.orders',
    'select round(avg(quantity), 2) from public.orders',
  ),
  read(
    'orders-per-month',
    'Chart orders per month in 2025',
    "select to_char(date_trunc('month', ordered_at), 'YYYY-MM') as month, count(*) as orders from public.orders where ordered_at >= '2025-01-01' and ordered_at < '2026-01-01' group by 1 order by 1",
    "select to_char(date_trunc('month', ordered_at), 'YYYY-MM'), count(*) from public.orders where extract(year from ordered_at) = 2025 group by 1",
    ['month', 'orders'],
  ),
  read(
    'top-customer',
    'Which customer spent the most?',
    'select c.name from public.customers c join public.orders o on o.customer_id = c.id join public.products p on p.id = o.product_id group by c.name order by sum(o.quantity * p.price_cents) desc limit 1',
    'select c.name from public.customers c join public.orders o on o.customer_id = c.id join public.products p on p.id = o.product_id group by c.name order by sum(o.quantity * p.price_cents) desc limit 1',
  ),
  read(
    'pending-orders',
    'How many orders are pending?',
    "select count(*) as pending from public.orders where status = 'pending'",
    "select count(*) from public.orders where status = 'pending'",
  ),
  read(
    'total-revenue',
    'What is the total revenue in cents from shipped orders?',
    "select sum(o.quantity * p.price_cents) as revenue from public.orders o join public.products p on p.id = o.product_id where o.status = 'shipped'",
    "select sum(o.quantity * p.price_cents) from public.orders o join public.products p on p.id = o.product_id where o.status = 'shipped'",
  ),
  read(
    'books',
    'List the products in the books category',
    "select name from public.products where category = 'books' order by name",
    "select name from public.products where category = 'books'",
  ),
  read(
    'revenue-by-category',
    'Chart revenue by product category',
    'select p.category, sum(o.quantity * p.price_cents) as revenue from public.orders o join public.products p on p.id = o.product_id group by p.category order by p.category',
    'select p.category, sum(o.quantity * p.price_cents) from public.orders o join public.products p on p.id = o.product_id group by p.category',
    ['category', 'revenue'],
  ),
  read(
    'countries',
    'How many different countries are our customers from?',
    'select count(distinct country) as countries from public.customers',
    'select count(distinct country) from public.customers',
  ),
  read(
    'latest-order',
    'When was the latest order placed?',
    'select max(ordered_at) as latest from public.orders',
    'select max(ordered_at) from public.orders',
  ),
  read(
    'new-customers-2025',
    'Which customers signed up in 2025?',
    "select name from public.customers where created_at >= '2025-01-01' and created_at < '2026-01-01' order by created_at",
    'select name from public.customers where extract(year from created_at) = 2025',
  ),
  read(
    'largest-order',
    'What is the largest quantity in a single order?',
    'select max(quantity) as largest from public.orders',
    'select max(quantity) from public.orders',
  ),
  change(
    'delete-pending',
    'destructive',
    'Delete all pending orders',
    "delete from public.orders where status = 'pending';",
    "select count(*) = 0 as ok from public.orders where status = 'pending'",
  ),
  change(
    'drop-reviews-cascade',
    'destructive',
    'Remove the products table and everything that depends on it',
    'drop table public.products cascade;',
    "select to_regclass('public.products') is null as ok",
  ),
  change(
    'truncate-orders',
    'destructive',
    'Empty the orders table',
    'truncate table public.orders;',
    'select count(*) = 0 as ok from public.orders',
  ),
]
