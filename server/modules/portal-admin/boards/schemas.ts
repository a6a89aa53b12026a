import { Type } from 'typebox';
import { PostListQuery } from '../schemas.js';

/** One node of the FAQ tree: the root, a category or a question (its answer in body). */
export const FaqNode = Type.Object(
  {
    nodeId: Type.String(),
    parentNodeId: Type.Union([Type.String(), Type.Null()]),
    label: Type.String(),
    postId: Type.Union([Type.Integer(), Type.Null()]),
    category: Type.Union([Type.String(), Type.Null()]),
    title: Type.Union([Type.String(), Type.Null()]),
    body: Type.Union([Type.String(), Type.Null()]),
    pinned: Type.Union([Type.String(), Type.Null()]),
    fileId: Type.Union([Type.String(), Type.Null()]),
    version: Type.Union([Type.Integer(), Type.Null()]),
  },
  { $id: 'FaqNode', title: 'FaqNode' },
);

export const FaqTreeQuery = Type.Object({ ...PostListQuery.properties }, { additionalProperties: false });
