/** The shop the evaluation questions are about: customers, products and orders with known rows. */
export const EVAL_FIXTURE_SQL = `
create table public.customers (
  id bigint primary key,
  name text not null,
  email text not null unique,
  country text not null,
  created_at timestamptz not null
);
create table public.products (
  id bigint primary key,
  name text not null,
  category text not null,
  price_cents integer not null
);
create table public.orders (
  id bigint primary key,
  customer_id bigint not null references public.customers (id),
  product_id bigint not null references public.products (id),
  quantity integer not null,
  status text not null,
  ordered_at timestamptz not null
);
insert into public.customers values
  (1, 'Ada Lovelace', 'ada@example.com', 'UK', '2024-03-01'),
  (2, 'Grace Hopper', 'grace@example.com', 'US', '2024-05-10'),
  (3, 'Alan Turing', 'alan@example.com', 'UK', '2025-01-15'),
  (4, 'Edsger Dijkstra', 'edsger@example.com', 'NL', '2025-02-20'),
  (5, 'Barbara Liskov', 'barbara@example.com', 'US', '2025-06-30'),
  (6, 'Donald Knuth', 'donald@example.com', 'US', '2023-11-11'),
  (7, 'Margaret Hamilton', 'margaret@example.com', 'US', '2025-09-09'),
  (8, 'Tim Berners-Lee', 'tim@example.com', 'UK', '2024-12-24');
insert into public.products values
  (1, 'SQL Book', 'books', 3000),
  (2, 'Postgres Mug', 'merch', 1200),
  (3, 'Keyboard', 'hardware', 8000),
  (4, 'Data Book', 'books', 4500),
  (5, 'Sticker Pack', 'merch', 500),
  (6, 'Monitor', 'hardware', 25000);
insert into public.orders values
  (1, 1, 1, 2, 'shipped', '2025-01-05'),
  (2, 1, 3, 1, 'shipped', '2025-01-20'),
  (3, 2, 6, 1, 'pending', '2025-02-02'),
  (4, 2, 2, 4, 'shipped', '2025-02-14'),
  (5, 3, 4, 1, 'cancelled', '2025-03-03'),
  (6, 4, 5, 10, 'shipped', '2025-03-18'),
  (7, 5, 1, 1, 'pending', '2025-04-01'),
  (8, 5, 3, 2, 'pending', '2025-04-22'),
  (9, 6, 6, 2, 'shipped', '2025-05-05'),
  (10, 8, 2, 3, 'shipped', '2025-05-30');
`
