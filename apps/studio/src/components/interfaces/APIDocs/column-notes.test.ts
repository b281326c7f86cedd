import { describe, expect, it } from 'vitest'
import { parseColumnNotes } from './column-notes'

describe('parseColumnNotes', () => {
  it('turns the primary key mark into a flag and drops the generated note', () => {
    expect(parseColumnNotes('Note:\nThis is a Primary Key.<pk/>')).toEqual({
      text: '',
      primaryKey: true,
      foreignKeys: [],
    })
  })

  it('keeps the column comment and reads foreign keys', () => {
    const description =
      "The author\n\nNote:\nThis is a Primary Key.<pk/>\nThis is a Foreign Key to `users.id`.<fk table='users' column='id'/>"
    expect(parseColumnNotes(description)).toEqual({
      text: 'The author',
      primaryKey: true,
      foreignKeys: [{ table: 'users', column: 'id' }],
    })
  })

  it('leaves a plain comment alone', () => {
    expect(parseColumnNotes('When it was done')).toEqual({
      text: 'When it was done',
      primaryKey: false,
      foreignKeys: [],
    })
    expect(parseColumnNotes('')).toEqual({ text: '', primaryKey: false, foreignKeys: [] })
  })
})
