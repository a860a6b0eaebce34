// The plan PostgreSQL chooses for the student outline's own statement (lessonStates' first: the
// course's outline version with one student's progress, own access and group closures; the
// course's lessons come from memory), run for real: `npm run bench` prints it after loading the
// outline, to show which indexes it uses.
// Usage alone: node tests/bench/outline-plan.mjs <postgres url> <course id> <user id>
import { openDatabase } from '../../dist/server/shared/db/database.js';
import { findEnrolment, lessonStates } from '../../dist/server/features/learning/student-access.js';

/** EXPLAIN (ANALYZE, BUFFERS) of lessonStates' first statement for one student of the course, as lines. */
export async function outlinePlan(url, courseId, userId) {
  const database = await openDatabase({ kind: 'postgres', url });
  try {
    const { db } = database;
    const enrolment = await findEnrolment(db, userId, courseId);
    if (!enrolment) throw new Error(`user ${userId} is not a student of course ${courseId}`);
    // The statement as the driver gets it (text and parameters), whatever Drizzle builds.
    const client = db.$client;
    const query = client.query.bind(client);
    let statement;
    client.query = (config, values, ...rest) => {
      statement ??= typeof config === 'string' ? { text: config, values } : { text: config.text, values: config.values ?? values };
      return query(config, values, ...rest);
    };
    await lessonStates(db, enrolment, new Date());
    client.query = query;
    const { rows } = await client.query(`explain (analyze, buffers) ${statement.text}`, statement.values);
    return rows.map((row) => row['QUERY PLAN']);
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [url, course, user] = process.argv.slice(2);
  console.log((await outlinePlan(url, Number(course), Number(user))).join('\n'));
}
